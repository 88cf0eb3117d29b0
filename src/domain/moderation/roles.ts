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
