import { and, eq, like, ne } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { verifications } from '../db/schema';

/**
 * Every password-reset link of the account stops working. Called when a new link is requested
 * (only the newest works), when a reset or a password change completes, and when the address the
 * links went to is no longer the account's. Better Auth keeps each link as a row
 * `reset-password:<token>` whose value is the user's id; `exceptToken` keeps the link just made.
 */
export async function revokeResetLinks(db: Executor, userId: string, exceptToken?: string): Promise<void> {
  await db
    .delete(verifications)
    .where(
      and(
        like(verifications.identifier, 'reset-password:%'),
        eq(verifications.value, userId),
        exceptToken === undefined ? undefined : ne(verifications.identifier, `reset-password:${exceptToken}`),
      ),
    );
}
