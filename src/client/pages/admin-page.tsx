import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { canAdminister } from '@/domain/moderation/roles';
import { Page } from '@/client/components/layout/page';
import { LoadingState } from '@/client/components/ui/load-states';
import { useAuth } from '@/client/api/use-auth';
import { useDocumentTitle } from '@/client/lib/document-head';
import { NotFoundPage } from '@/client/features/site/not-found-page';

/**
 * The frame of an admins' page: its title, what it is for, and a link to the other admins' page.
 * Anyone but an admin, visitors too, finds no such page, as the API responds 404 to them.
 */
export function AdminPage({
  title,
  intro,
  link,
  children,
}: {
  title: string;
  intro: string;
  link: { to: string; label: string };
  children: ReactNode;
}) {
  const { profile, isLoading, isProfileLoading } = useAuth();
  useDocumentTitle(title);
  if (isLoading || isProfileLoading) {
    return (
      <Page width="medium">
        <LoadingState label="Loading" />
      </Page>
    );
  }
  if (!canAdminister(profile?.role)) return <NotFoundPage />;
  return (
    <Page width="medium" title={title}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-600 dark:text-slate-400">{intro}</p>
        <Link
          to={link.to}
          className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-200"
        >
          {link.label}
        </Link>
      </div>
      {children}
    </Page>
  );
}
