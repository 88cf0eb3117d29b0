import { auditMessages } from '@/domain/moderation/audit';
import { paths } from '@/domain/paths';
import { AuditLog } from '@/client/features/moderation/audit-log';
import { AdminPage } from './admin-page';

/** /moderation/audit: the audit log, for admins. */
export function ModerationAuditPage() {
  return (
    <AdminPage
      title={auditMessages.title}
      intro={auditMessages.intro}
      link={{ to: paths.moderationRoles(), label: auditMessages.rolesLink }}
    >
      <AuditLog />
    </AdminPage>
  );
}
