import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commentMessages } from '../../src/domain/checklists/comments';
import { blockMessages } from '../../src/domain/social/blocks';
import { notificationMails } from '../../src/server/db/schema';
import { notify } from '../../src/server/notifications/notifications.actions';
import { hasBlocked } from '../../src/server/visibility/blocks';
import { hideThing, suspendUser } from '../../src/server/moderation/holds';
import { makeChecklist } from '../../src/server/seed/factories';
import { blockingHelpers, listNotFound, userNotFound, type Person } from '../setup/blocks';
import { createTestApp, type TestApp } from '../setup/test-app';

// Blocking (decision 048): the blocked user cannot follow the blocker, comment on their lists or
// like them, each answered as if the user or list were not there; their comments are left out for
// the blocker; nothing they do notifies or mails the blocker; follows end both ways; and nothing
// tells the blocked user. Unblocking restores every path.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

const { person, blockOk, follow, comment, like, commentsAs, profileAs, notificationsOf, followsBetween } =
  blockingHelpers(() => t);

describe('what a block refuses the blocked user, as if the thing were not there', () => {
  let blocker: Person;
  let blocked: Person;
  let bystander: Person;
  let listId: string;

  beforeAll(async () => {
    blocker = await person({ profileName: 'Blocker' });
    blocked = await person({ profileName: 'Pest' });
    bystander = await person();
    listId = (await makeChecklist(t.db, blocker.user.id, { title: 'Blocker’s list' })).id;
    await blockOk(blocker, blocked.user);
  });

  it('following the blocker is not found; the blocker is not followed', async () => {
    const response = await follow(blocked, blocker.user);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(userNotFound);
    expect(await followsBetween(blocker.user, blocked.user)).toEqual([]);
    // Unfollowing is harmless, as for anyone who does not follow.
    expect((await follow(blocked, blocker.user, 'DELETE')).status).toBe(200);
  });

  it('commenting on the blocker’s list is not found, and writes nothing', async () => {
    const response = await comment(blocked, listId);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(listNotFound);
    expect((await commentsAs(bystander.agent, listId)).total).toBe(0);
  });

  it('liking the blocker’s list is not found, and counts nothing', async () => {
    const response = await like(blocked, listId);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(listNotFound);
    const detail = await (await bystander.agent.request(`/api/checklists/${listId}`)).json();
    expect(detail.likes).toBe(0);
  });

  it('everything else stays: the blocked user still reads the list and its comments, and the profile', async () => {
    expect((await blocked.agent.request(`/api/checklists/${listId}`)).status).toBe(200);
    expect((await blocked.agent.request(`/api/checklists/${listId}/comments`)).status).toBe(200);
    const profile = await profileAs(blocked.agent, blocker.user.username);
    expect(profile.checklists.map((list) => list.id)).toContain(listId);
    // Nothing in the blocker's profile tells the blocked user of the block.
    expect(profile.isBlocked).toBe(false);
    expect((await profileAs(blocker.agent, blocked.user.username)).isBlocked).toBe(true);
  });

  it('others are not refused: a bystander comments and likes', async () => {
    const other = await person();
    const list = await makeChecklist(t.db, blocker.user.id);
    expect((await comment(other, list.id)).status).toBe(201);
    expect((await like(other, list.id)).status).toBe(200);
  });

  it('the blocker may still comment on and like the blocked user’s lists; they are not blocked back', async () => {
    const theirs = await makeChecklist(t.db, blocked.user.id);
    expect((await comment(blocker, theirs.id)).status).toBe(201);
    expect((await like(blocker, theirs.id)).status).toBe(200);
  });

  it('the blocker is told to unblock before following the one they blocked', async () => {
    const response = await follow(blocker, blocked.user);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: blockMessages.unblockToFollow, code: 'invalid' });
  });
});

describe('what a block does to what was there before it', () => {
  it('ends follows both ways, and the counts shown follow at once', async () => {
    const blocker = await person();
    const blocked = await person();
    await follow(blocker, blocked.user);
    await follow(blocked, blocker.user);
    expect((await profileAs(blocker.agent, blocker.user.username)).followers).toBe(1);
    await blockOk(blocker, blocked.user);
    expect(await followsBetween(blocker.user, blocked.user)).toEqual([]);
    const own = await profileAs(blocker.agent, blocker.user.username);
    expect({ followers: own.followers, following: own.following }).toEqual({ followers: 0, following: 0 });
    const theirs = await profileAs(blocked.agent, blocked.user.username);
    expect({ followers: theirs.followers, following: theirs.following }).toEqual({ followers: 0, following: 0 });
    const stats = await (await blocker.agent.request('/api/accounts/me/stats')).json();
    expect({ followers: stats.followers, following: stats.following }).toEqual({ followers: 0, following: 0 });
  });

  it('leaves the blocked user’s comments out of the blocker’s reading and count, and no one else’s', async () => {
    const blocker = await person();
    const blocked = await person();
    const bystander = await person();
    const list = await makeChecklist(t.db, blocker.user.id);
    // More than a page of the blocked user's comments, then one of another's.
    for (let index = 0; index < 21; index++)
      expect((await comment(blocked, list.id, `Mean ${index}`)).status).toBe(201);
    expect((await comment(bystander, list.id, 'Kind words')).status).toBe(201);
    // On someone else's list too: the blocker does not read them anywhere.
    const elsewhere = await makeChecklist(t.db, bystander.user.id);
    expect((await comment(blocked, elsewhere.id, 'Mean elsewhere')).status).toBe(201);

    await blockOk(blocker, blocked.user);
    const seen = await commentsAs(blocker.agent, list.id);
    expect(seen.comments.map((entry) => entry.content)).toEqual(['Kind words']);
    expect(seen).toMatchObject({ total: 1, nextCursor: null });
    expect((await commentsAs(blocker.agent, elsewhere.id)).total).toBe(0);
    // Everyone else reads them as before, the blocked user and a visitor too.
    expect((await commentsAs(bystander.agent, list.id)).total).toBe(22);
    expect((await commentsAs(blocked.agent, list.id)).total).toBe(22);
    expect((await commentsAs(t.agent(), list.id)).total).toBe(22);
  });

  it('a blocked user can no longer edit their comment on the blocker’s list, but may delete it', async () => {
    const blocker = await person();
    const blocked = await person();
    const list = await makeChecklist(t.db, blocker.user.id);
    const written = await (await comment(blocked, list.id)).json();
    await blockOk(blocker, blocked.user);
    const edited = await blocked.agent.request(`/api/comments/${written.id}`, {
      method: 'PATCH',
      json: { content: 'Edited' },
    });
    expect(edited.status).toBe(404);
    expect(await edited.json()).toEqual({ message: commentMessages.notFound, code: 'not_found' });
    expect((await blocked.agent.request(`/api/comments/${written.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('deletes what the blocked user had already sent the blocker, and nothing the blocker got from others', async () => {
    const blocker = await person();
    const blocked = await person();
    const bystander = await person();
    const list = await makeChecklist(t.db, blocker.user.id);
    await comment(blocked, list.id);
    await like(blocked, list.id);
    await comment(bystander, list.id);
    expect(await notificationsOf(blocker.user)).toHaveLength(3);
    await blockOk(blocker, blocked.user);
    expect(await notificationsOf(blocker.user)).toEqual([{ type: 'comment', actorId: bystander.user.id }]);
  });
});

describe('nothing from the blocked user reaches the blocker', () => {
  it('no notification of any type: like, comment, follow (each written directly) or clone', async () => {
    const blocker = await person();
    const blocked = await person();
    const list = await makeChecklist(t.db, blocker.user.id, { title: 'Quiet' });
    await blockOk(blocker, blocked.user);
    const checklist = { id: list.id, title: 'Quiet' };
    // The one condition in notify covers every type, whichever action asks.
    await t.db.transaction(async (tx) => {
      for (const type of ['like', 'comment', 'follow'] as const)
        await notify(tx, { type, recipientId: blocker.user.id, actorId: blocked.user.id, checklist });
    });
    // Cloning is not refused (the list is public to everyone), but tells the blocker nothing.
    expect((await blocked.agent.request(`/api/checklists/${list.id}/clone`, { method: 'POST' })).status).toBe(201);
    // (A badge the clone earned the author has no actor: it is the blocker's own, and stays.)
    const fromPeople = async () => (await notificationsOf(blocker.user)).filter((entry) => entry.type !== 'badge');
    expect(await fromPeople()).toEqual([]);
    expect(await t.db.select().from(notificationMails).where(eq(notificationMails.userId, blocker.user.id))).toEqual(
      [],
    );
    // Someone else's are still written.
    const other = await person();
    await t.db.transaction((tx) =>
      notify(tx, { type: 'comment', recipientId: blocker.user.id, actorId: other.user.id, checklist }),
    );
    expect(await fromPeople()).toEqual([{ type: 'comment', actorId: other.user.id }]);
  });

  it('a mail queued before the block is not sent after it', async () => {
    const blocker = await person();
    const blocked = await person();
    const list = await makeChecklist(t.db, blocker.user.id);
    expect((await comment(blocked, list.id)).status).toBe(201);
    expect(
      await t.db.select().from(notificationMails).where(eq(notificationMails.userId, blocker.user.id)),
    ).toHaveLength(1);
    await blockOk(blocker, blocked.user);
    await t.dispatchMails();
    expect((await t.outbox()).filter((mail) => mail.to === blocker.user.email)).toEqual([]);
    expect(await t.db.select().from(notificationMails).where(eq(notificationMails.userId, blocker.user.id))).toEqual(
      [],
    );
  });

  it('the blocker’s own actions still notify the blocked user', async () => {
    const blocker = await person();
    const blocked = await person();
    const theirs = await makeChecklist(t.db, blocked.user.id);
    await blockOk(blocker, blocked.user);
    expect((await comment(blocker, theirs.id)).status).toBe(201);
    expect(await notificationsOf(blocked.user)).toEqual([{ type: 'comment', actorId: blocker.user.id }]);
  });
});

describe('unblocking', () => {
  it('restores every path: follow, comment, like, notifications, and the comments read', async () => {
    const blocker = await person();
    const blocked = await person();
    const list = await makeChecklist(t.db, blocker.user.id);
    expect((await comment(blocked, list.id, 'Before')).status).toBe(201);
    await blockOk(blocker, blocked.user);
    expect((await commentsAs(blocker.agent, list.id)).total).toBe(0);

    await blockOk(blocker, blocked.user, 'DELETE');
    expect((await commentsAs(blocker.agent, list.id)).comments.map((entry) => entry.content)).toEqual(['Before']);
    expect((await follow(blocked, blocker.user)).status).toBe(200);
    expect((await comment(blocked, list.id, 'After')).status).toBe(201);
    expect((await like(blocked, list.id)).status).toBe(200);
    expect((await notificationsOf(blocker.user)).map((entry) => entry.type).sort()).toEqual([
      'comment',
      'follow',
      'like',
    ]);
    // The blocker may follow them again too.
    expect((await follow(blocker, blocked.user)).status).toBe(200);
    // A block's follows are not brought back by unblocking: only the ones made since are there.
    expect((await followsBetween(blocker.user, blocked.user)).sort()).toEqual(
      [blocker.user.id, blocked.user.id].sort(),
    );
    expect((await profileAs(blocker.agent, blocked.user.username)).isBlocked).toBe(false);
  });

  it('works while the blocked user is suspended or their profile hidden, whose profile is otherwise not found', async () => {
    const blocker = await person();
    const suspended = await person();
    const hidden = await person();
    await blockOk(blocker, suspended.user);
    await blockOk(blocker, hidden.user);
    await suspendUser(t.db, suspended.user.id, null, 'Spam');
    await hideThing(t.db, 'profile', hidden.user.id, 'Spam');
    expect((await blocker.agent.request(`/api/users/${hidden.user.username}/block`, { method: 'PUT' })).status).toBe(
      404,
    );
    await blockOk(blocker, suspended.user, 'DELETE');
    await blockOk(blocker, hidden.user, 'DELETE');
    const left = await t.db.execute(sql`select 1 from blocks where blocker_id = ${blocker.user.id}`);
    expect(left.rows).toEqual([]);
  });
});

describe('the cost of a block to every read', () => {
  it('is a read of the blocks by their primary key (the reader’s own), in the comment list and the notification insert', async () => {
    const viewer = await person();
    const plans = await t.db.transaction(async (tx) => {
      // With few rows PostgreSQL may read the table whole; forbidding that shows what the index serves.
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (query: ReturnType<typeof sql>) =>
        (await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`)).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      return [
        await explain(sql`
          select cm.id from checklist_comments cm
          where cm.checklist_id = ${randomUUID()} and not ${hasBlocked(viewer.user.id, sql`cm.user_id`)}`),
        await explain(sql`select not ${hasBlocked(viewer.user.id, 'someone')}`),
      ];
    });
    for (const plan of plans) {
      expect(plan).toMatch(/Index (Only )?Scan (using|on) blocks_blocker_id_blocked_id_pk/);
      expect(plan).not.toMatch(/Seq Scan on blocks/);
    }
  });
});
