import { z } from 'zod';

// Who moderates (decision 048). Everyone is a user; a moderator works the reports queue (hides,
// restores, dismisses, deletes comments, suspends, picks staff picks); an admin does all that and
// grants and revokes roles and reads the audit log. Only the server decides, from the stored role.

export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** The roles that can be granted (a user is one who has neither). */
export const GRANTABLE_ROLES = ['moderator', 'admin'] as const satisfies readonly Role[];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const roleLabels: Record<Role, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' };

/** Moderators and admins work the queue. */
export const canModerate = (role: Role | null | undefined): boolean => role === 'moderator' || role === 'admin';

/** Only admins grant and revoke roles and read the audit log. */
export const canAdminister = (role: Role | null | undefined): boolean => role === 'admin';

/** A stored role as one of ROLES; anything else is a plain user. */
export const roleOf = (stored: string | null | undefined): Role =>
  (ROLES as readonly string[]).includes(stored ?? '') ? (stored as Role) : 'user';

/** An admin sets a person's role; 'user' takes their role away. */
export const roleChangeInputSchema = z.object({
  role: z.enum(ROLES, { error: 'Choose moderator, admin or user.' }),
});
export type RoleChangeInput = z.infer<typeof roleChangeInputSchema>;
export const roleGrantFormSchema = roleChangeInputSchema.extend({
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
