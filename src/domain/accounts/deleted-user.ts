// A module of its own, with no schemas: the profile rule asks for it on every page, and a page
// must not load zod for it (vite.config.ts).

/**
 * The reserved author of content kept after its owner deleted their account. The baseline migration
 * creates the user and its profile; it has no password (no credential account), so nobody can sign in as it.
 */
export const DELETED_USER = { id: 'ticklist-deleted-user', username: 'deleted_user', name: 'Deleted user' } as const;
