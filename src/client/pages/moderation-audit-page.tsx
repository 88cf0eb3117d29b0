import { Link } from 'react-router';
import { auditMessages } from '@/domain/moderation/audit';
import { canAdminister } from '@/domain/moderation/roles';
import { paths } from '@/domain/paths';
import { Page } from '@/client/components/layout/page';
import { LoadingState } from '@/client/components/ui/load-states';
import { useAuth } from '@/client/api/use-auth';
import { useDocumentTitle } from '@/client/lib/document-head';
import { AuditLog } from '@/client/features/moderation/audit-log';
import { NotFoundPage } from '@/client/features/site/not-found-page';

/** /moderation/audit: the audit log, for admins; anyone else finds no such page (the API agrees). */
export function ModerationAuditPage() {
  const { profile, isLoading, isProfileLoading } = useAuth();
  useDocumentTitle(auditMessages.title);
  if (isLoading || isProfileLoading) {
    return (
      <Page width="medium">
        <LoadingState label="Loading" />
      </Page>
    );
  }
  if (!canAdminister(profile?.role)) return <NotFoundPage />;
  return (
    <Page width="medium" title={auditMessages.title}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-600 dark:text-slate-400">{auditMessages.intro}</p>
        <Link
          to={paths.moderationRoles()}
          className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-200"
        >
          {auditMessages.rolesLink}
        </Link>
      </div>
      <AuditLog />
    </Page>
  );
}
