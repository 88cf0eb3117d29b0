import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { roleOf, type Role } from '@/domain/moderation/roles';
import type { Executor } from '../db/client';
import type { SignedInEnv } from '../http';

/** The user's stored role ('user' when they have none, or no profile). */
export async function findRole(db: Executor, userId: string): Promise<Role> {
  const result = await db.execute<{ role: string }>(sql`select role from profiles where id = ${userId}`);
  return roleOf(result.rows[0]?.role);
}

/**
 * Middleware after `requireUser` for routes of a role (`allowed`, e.g. canModerate): the role is
 * read from the database on every request, so a revoked role stops working at once. Anyone else is
 * answered as if the route did not exist (404), as a private thing is.
 */
export function requireRole(db: Executor, allowed: (role: Role) => boolean) {
  return createMiddleware<SignedInEnv & { Variables: { role: Role } }>(async (c, next) => {
    const role = await findRole(db, c.var.user.id);
    if (!allowed(role)) return c.json({ message: 'Not found', code: 'not_found' }, 404);
    c.set('role', role);
    await next();
  });
}
