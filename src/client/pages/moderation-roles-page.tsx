import { roleMessages } from '@/domain/moderation/role-admin';
import { paths } from '@/domain/paths';
import { Section } from '@/client/components/ui/section';
import { RolesGrantForm } from '@/client/features/moderation/roles-grant-form';
import { RolesList } from '@/client/features/moderation/roles-list';
import { AdminPage } from './admin-page';

/** /moderation/roles: who moderates, and granting and revoking roles, for admins. */
export function ModerationRolesPage() {
  return (
    <AdminPage
      title={roleMessages.title}
      intro={roleMessages.intro}
      link={{ to: paths.moderationAudit(), label: roleMessages.auditLink }}
    >
      <Section title={roleMessages.grantTitle}>
        <RolesGrantForm />
      </Section>
      <RolesList />
    </AdminPage>
  );
}
