import { Link } from 'react-router';
import { canAdminister } from '@/domain/moderation/roles';
import { roleMessages } from '@/domain/moderation/role-admin';
import { paths } from '@/domain/paths';
import { Page } from '@/client/components/layout/page';
import { LoadingState } from '@/client/components/ui/load-states';
import { Section } from '@/client/components/ui/section';
import { useAuth } from '@/client/api/use-auth';
import { useDocumentTitle } from '@/client/lib/document-head';
import { RolesGrantForm } from '@/client/features/moderation/roles-grant-form';
import { RolesList } from '@/client/features/moderation/roles-list';
import { NotFoundPage } from '@/client/features/site/not-found-page';

/** /moderation/roles: who moderates, and granting and revoking roles, for admins; others find no such page. */
export function ModerationRolesPage() {
  const { profile, isLoading, isProfileLoading } = useAuth();
  useDocumentTitle(roleMessages.title);
  if (isLoading || isProfileLoading) {
    return (
      <Page width="medium">
        <LoadingState label="Loading" />
      </Page>
    );
  }
  if (!canAdminister(profile?.role)) return <NotFoundPage />;
  return (
    <Page width="medium" title={roleMessages.title}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-600 dark:text-slate-400">{roleMessages.intro}</p>
        <Link
          to={paths.moderationAudit()}
          className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-200"
        >
          {roleMessages.auditLink}
        </Link>
      </div>
      <Section title={roleMessages.grantTitle}>
        <RolesGrantForm />
      </Section>
      <RolesList />
    </Page>
  );
}
