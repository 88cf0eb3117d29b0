import { sql } from 'drizzle-orm';
import { DELETED_USER } from '@/domain/accounts/account-data';
import type { Database } from '../db/client';
import { revokeEmailChangeLinks } from './email-change.actions';

/**
 * "Delete my account" (decision 013), in one transaction. The password has been verified by the
 * route. Always deleted: the account and its sessions, private lists, progress, the library,
 * follows both ways, the user's notifications, badges and likes (the foreign keys cascade from
 * `users`, and the counter triggers take their uses, likes and clones back). With
 * `keepPublicContent` the public lists (with their likes, comments, progress and clones of other
 * users), the comments and the clone credit of kept lists move to the reserved "Deleted user";
 * without it they go too, as when a list's author deletes it today: other users' clones keep their
 * content and "Cloned from" as plain text (the link is set null, the title kept).
 *
 * Other users' notifications about this user's actions are theirs: they stay in both cases, their
 * actor becoming "Deleted user" (the message, which names the actor, is rewritten).
 */
export async function deleteAccount(db: Database, userId: string, options: { keepPublicContent: boolean }) {
  const deleted = DELETED_USER.id;
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id from users where id = ${userId} and id <> ${deleted} for update`);
    if (locked.rows.length === 0) return { ok: false as const };
    // The moderation cases the user reported in, locked in one order before their reports go (each
    // report's deletion recounts its case under that case's lock): two accounts deleted at once
    // then wait for each other instead of deadlocking.
    await tx.execute(sql`
      select 1 from moderation_cases where id in (select case_id from reports where reporter_id = ${userId})
      order by id for no key update`);

    if (options.keepPublicContent) {
      // Only public lists are kept: private and unlisted ones were never published (decision 024).
      const kept = await tx.execute<{ id: string }>(sql`
        update checklists set author_id = ${deleted} where author_id = ${userId} and is_public returning id`);
      if (kept.rows.length > 0) {
        await tx.execute(sql`
          update cloned_checklists set cloned_by = ${deleted}
          where cloned_by = ${userId} and cloned_checklist_id in (select id from checklists where author_id = ${deleted})`);
      }
      // Comments on the user's own private lists go with those lists below.
      await tx.execute(sql`update checklist_comments set user_id = ${deleted} where user_id = ${userId}`);
    }

    // "Sam liked “Moving house”" becomes "Deleted user liked “Moving house”" (the shapes of
    // notificationMessage in src/domain/notifications/notifications.ts).
    await tx.execute(sql`
      update notifications set actor_id = ${deleted},
        message = regexp_replace(message, '^.*?( liked “| commented on “| cloned “| started following you$)',
                                 ${DELETED_USER.name} || '\\1')
      where actor_id = ${userId}`);

    // Links of an e-mail change name the account's addresses; they go with it.
    await revokeEmailChangeLinks(tx, userId);
    await tx.execute(sql`delete from users where id = ${userId}`);
    return { ok: true as const };
  });
}
