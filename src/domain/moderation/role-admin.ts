import { z } from 'zod';
import { ROLES, roleLabels, type Role } from './roles';

// Admins grant and revoke roles by username (decision 048): the request, the Roles page's rows
// and its words.

/** An admin sets a person's role; 'user' takes their role away. */
export const roleChangeInputSchema = z.object({
  role: z.enum(ROLES, { error: 'Choose moderator, admin or user.' }),
});
export type RoleChangeInput = z.infer<typeof roleChangeInputSchema>;
export const roleGrantFormSchema = /* @__PURE__ */ roleChangeInputSchema.extend({
  username: z.string().trim().min(1, 'Enter a username.').max(64),
});

/** A person with a role, as the admins' Roles page lists them. */
export const rolePersonSchema = z.object({
  username: z.string(),
  profileName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: z.enum(ROLES),
});
export type RolePerson = z.infer<typeof rolePersonSchema>;
export const rolesListSchema = z.object({ people: z.array(rolePersonSchema) });
export const roleChangeResultSchema = z.object({ person: rolePersonSchema });

export const roleMessages = {
  title: 'Roles',
  intro: 'Moderators work the reports queue; admins also grant roles and read the audit log.',
  empty: 'Nobody has a role yet.',
  grantTitle: 'Grant a role',
  usernameLabel: 'Username',
  roleLabel: 'Role',
  grant: 'Grant',
  roleOf: (username: string) => `Role of ${username}`,
  userNotFound: 'User not found',
  ownAdminRole: 'You cannot remove your own admin role.',
  changed: (username: string, role: Role) => `${username} is now: ${roleLabels[role]}.`,
  failed: 'Failed to change the role.',
  loadFailed: 'Failed to load the roles.',
  auditLink: 'Audit log',
} as const;
