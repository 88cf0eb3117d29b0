import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BADGES, badgeListSchema } from '../../src/domain/badges/badges';
import { notificationListSchema } from '../../src/domain/notifications/notifications';
import { publicProfileSchema } from '../../src/domain/social/profile';
import { backfillBadges, grantEarnedBadges } from '../../src/server/badges/badges.actions';
import { metricCap, metricValues } from '../../src/server/badges/badges.queries';
import {
  checklistComments,
  checklistItemCompletions,
  checklistLikes,
  clonedChecklists,
  follows,
  userBadges,
} from '../../src/server/db/schema';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

let t: TestApp;
/** Signed-in users whose likes, follows and clones are the "real action" at a threshold. */
let fans: Agent[];

beforeAll(async () => {
  t = await createTestApp();
  fans = [];
  for (let index = 0; index < 4; index++) fans.push(await signedInAgent(t, await createUser(t.db)));
});

// Users who never sign in: no password hashing, so thresholds of 50 are reached quickly.
const extra = (app: TestApp = t) => createUser(app.db, { passwordHash: 'never-signs-in' });
const newList = (title: string) => ({
  title,
  description: 'Made through the API.',
  items: ['one', 'two'],
  tags: [],
  estimatedTime: '15 minutes',
  difficulty: 'easy',
});

const badgesOf = async (user: { id: string }, app: TestApp = t) =>
  (
    await app.db.execute<{ badge_slug: string }>(
      sql`select badge_slug from user_badges where user_id = ${user.id} order by badge_slug`,
    )
  ).rows.map((row) => row.badge_slug);
const badgeNotes = async (user: { id: string }) =>
  (
    await t.db.execute<{ message: string }>(
      sql`select message from notifications where user_id = ${user.id} and type = 'badge' order by created_at, id`,
    )
  ).rows.map((row) => row.message);
const advisoryLockWaiters = async () =>
  (
    await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_locks
      where locktype = 'advisory' and not granted
        and database = (select oid from pg_database where datname = current_database())`)
  ).rows[0]!.n;
const earned = (name: string) => `You earned the badge “${name}”`;

async function addLikes(checklistId: string, count: number) {
  for (let index = 0; index < count; index++) {
    await t.db.insert(checklistLikes).values({ checklistId, userId: (await extra()).id });
  }
}
/** `count` one-item lists that `user` has ticked through, written directly (no grant runs). */
async function addCompletedLists(user: { id: string }, count: number) {
  const author = await extra();
  for (let index = 0; index < count; index++) {
    const list = await makeChecklist(t.db, author.id, { items: ['only'] });
    await t.db
      .insert(checklistItemCompletions)
      .values({ userId: user.id, checklistItemId: list.items[0]!.id, checklistId: list.id });
  }
}
const tick = (agent: Agent, list: { id: string; items: { id: string }[] }, index: number, method = 'PUT') =>
  agent.request(`/api/checklists/${list.id}/items/${list.items[index]!.id}/done`, { method });

describe('each badge is earned by the real action at its threshold, and not before', () => {
  it('First Checklist and Curator: the 1st and 10th public list of one’s own; private lists and clones do not count', async () => {
    const writer = await createUser(t.db);
    const asWriter = await signedInAgent(t, writer);
    expect((await asWriter.post('/api/checklists', newList('My first'))).status).toBe(201);
    expect(await badgesOf(writer)).toEqual(['first-checklist']);

    for (let index = 0; index < 7; index++) await makeChecklist(t.db, writer.id);
    const draft = await makeChecklist(t.db, writer.id, { isPublic: false });
    const theirs = await makeChecklist(t.db, (await extra()).id);
    expect((await asWriter.post(`/api/checklists/${theirs.id}/clone`, {})).status).toBe(201);
    expect((await asWriter.post('/api/checklists', newList('My ninth'))).status).toBe(201);
    // 9 public lists of their own (the clone is a 10th public list, but a copy).
    expect(await badgesOf(writer)).toEqual(['first-checklist']);

    const response = await asWriter.request(`/api/checklists/${draft.id}/visibility`, {
      method: 'PATCH',
      json: { isPublic: true },
    });
    expect(response.status).toBe(200);
    expect(await badgesOf(writer)).toEqual(['curator', 'first-checklist']);
    expect(await badgeNotes(writer)).toEqual([earned('First Checklist'), earned('Curator')]);
  });

  it('First Checklist: also by making a private list public in bulk', async () => {
    const writer = await createUser(t.db);
    const asWriter = await signedInAgent(t, writer);
    const draft = await makeChecklist(t.db, writer.id, { isPublic: false });
    await asWriter.post('/api/checklists/bulk-visibility', { ids: [draft.id], isPublic: false });
    expect(await badgesOf(writer)).toEqual([]);
    await asWriter.post('/api/checklists/bulk-visibility', { ids: [draft.id], isPublic: true });
    expect(await badgesOf(writer)).toEqual(['first-checklist']);
  });

  it('Finisher, Closer and Completionist: the 1st, 5th and 25th list with every item ticked', async () => {
    const user = await createUser(t.db);
    const asUser = await signedInAgent(t, user);
    const author = await extra();
    const first = await makeChecklist(t.db, author.id, { items: ['a', 'b'] });
    await tick(asUser, first, 0);
    expect(await badgesOf(user)).toEqual([]);
    await tick(asUser, first, 1);
    expect(await badgesOf(user)).toEqual(['finisher']);
    // Unticking and ticking again grants nothing twice.
    await tick(asUser, first, 1, 'DELETE');
    await tick(asUser, first, 1);

    await addCompletedLists(user, 3);
    const fifth = await makeChecklist(t.db, author.id, { items: ['a', 'b'] });
    await tick(asUser, fifth, 0);
    expect(await badgesOf(user)).toEqual(['finisher']);
    await tick(asUser, fifth, 1);
    expect(await badgesOf(user)).toEqual(['closer', 'finisher']);

    await addCompletedLists(user, 19);
    const last = await makeChecklist(t.db, author.id, { items: ['a', 'b'] });
    await tick(asUser, last, 0);
    expect(await badgesOf(user)).toEqual(['closer', 'finisher']);
    await tick(asUser, last, 1);
    expect(await badgesOf(user)).toEqual(['closer', 'completionist', 'finisher']);
    expect(await badgeNotes(user)).toEqual([earned('Finisher'), earned('Closer'), earned('Completionist')]);
  });

  it('Crowd Pleaser: 10, 25 and 50 likes on one list; other lists’ likes do not count; an unlike takes nothing back', async () => {
    const author = await extra();
    const list = await makeChecklist(t.db, author.id);
    const otherList = await makeChecklist(t.db, author.id);
    await addLikes(otherList.id, 9);
    await addLikes(list.id, 8);
    // The author's own like cannot be written at all (the API refuses it, and so does the database:
    // data-model.test.ts); the metric still ignores any that predate that guard.
    const like = (agent: Agent, method = 'PUT') => agent.request(`/api/checklists/${list.id}/like`, { method });

    expect((await like(fans[0]!)).status).toBe(200);
    expect(await badgesOf(author)).toEqual([]);
    await like(fans[1]!);
    expect(await badgesOf(author)).toEqual(['crowd-pleaser-bronze']);
    await like(fans[1]!, 'DELETE');
    expect(await badgesOf(author)).toEqual(['crowd-pleaser-bronze']);
    await like(fans[1]!);

    await addLikes(list.id, 14);
    await like(fans[2]!);
    expect(await badgesOf(author)).toEqual(['crowd-pleaser-bronze', 'crowd-pleaser-silver']);
    await addLikes(list.id, 24);
    await like(fans[3]!);
    expect(await badgesOf(author)).toEqual(['crowd-pleaser-bronze', 'crowd-pleaser-gold', 'crowd-pleaser-silver']);
    expect(await badgeNotes(author)).toEqual([
      earned('Crowd Pleaser'),
      earned('Crowd Pleaser'),
      earned('Crowd Pleaser'),
    ]);
  });

  it('Trendsetter: the first clone of one’s list by someone else, for the author and not the cloner', async () => {
    const author = await extra();
    const list = await makeChecklist(t.db, author.id);
    expect(await badgesOf(author)).toEqual([]);
    expect((await fans[0]!.post(`/api/checklists/${list.id}/clone`, {})).status).toBe(201);
    expect(await badgesOf(author)).toEqual(['trendsetter']);
    await fans[1]!.post(`/api/checklists/${list.id}/clone`, {});
    expect(await badgeNotes(author)).toEqual([earned('Trendsetter')]);
  });

  it('Trendsetter: first clones made at once, of two of one author’s lists, grant it once', async () => {
    for (let round = 0; round < 5; round++) {
      const author = await extra();
      const lists = [await makeChecklist(t.db, author.id), await makeChecklist(t.db, author.id)];
      const answers = await Promise.all(
        lists.map((list, index) => fans[index]!.post(`/api/checklists/${list.id}/clone`, {})),
      );
      expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
      expect(await badgesOf(author)).toEqual(['trendsetter']);
      expect(await badgeNotes(author)).toEqual([earned('Trendsetter')]);
    }
  });

  it('Connector: the 10th follower', async () => {
    const star = await extra();
    for (let index = 0; index < 8; index++) {
      await t.db.insert(follows).values({ followerId: (await extra()).id, followedId: star.id });
    }
    await fans[0]!.request(`/api/users/${star.username}/follow`, { method: 'PUT' });
    expect(await badgesOf(star)).toEqual([]);
    await fans[1]!.request(`/api/users/${star.username}/follow`, { method: 'PUT' });
    expect(await badgesOf(star)).toEqual(['connector']);
    await fans[1]!.request(`/api/users/${star.username}/follow`, { method: 'DELETE' });
    await fans[1]!.request(`/api/users/${star.username}/follow`, { method: 'PUT' });
    expect(await badgeNotes(star)).toEqual([earned('Connector')]);
  });

  it('Conversationalist: the 10th comment written', async () => {
    const talker = await createUser(t.db);
    const asTalker = await signedInAgent(t, talker);
    const list = await makeChecklist(t.db, (await extra()).id);
    for (let index = 0; index < 8; index++) {
      await t.db.insert(checklistComments).values({ checklistId: list.id, userId: talker.id, content: `#${index}` });
    }
    expect((await asTalker.post(`/api/checklists/${list.id}/comments`, { content: 'Ninth' })).status).toBe(201);
    expect(await badgesOf(talker)).toEqual([]);
    await asTalker.post(`/api/checklists/${list.id}/comments`, { content: 'Tenth' });
    expect(await badgesOf(talker)).toEqual(['conversationalist']);
  });
});

describe('the grant notification', () => {
  it('appears once in the user’s notifications, unread, from nobody', async () => {
    const writer = await createUser(t.db);
    const asWriter = await signedInAgent(t, writer);
    await asWriter.post('/api/checklists', newList('One'));
    await asWriter.post('/api/checklists', newList('Two'));
    const { notifications } = notificationListSchema.parse(await (await asWriter.request('/api/notifications')).json());
    expect(notifications).toEqual([
      expect.objectContaining({
        type: 'badge',
        message: 'You earned the badge “First Checklist”',
        actor: null,
        checklistId: null,
        readAt: null,
      }),
    ]);
    expect(await (await asWriter.request('/api/notifications/unread-count')).json()).toEqual({ unread: 1 });
  });
});

describe('a list completed without a tick', () => {
  it('grants Finisher when its author removes the only item the user had left', async () => {
    const author = await createUser(t.db);
    const asAuthor = await signedInAgent(t, author);
    const user = await createUser(t.db);
    const asUser = await signedInAgent(t, user);
    const list = await makeChecklist(t.db, author.id, { items: ['Passport', 'Tickets', 'Charger'] });
    await tick(asUser, list, 0);
    await tick(asUser, list, 1);
    expect(await badgesOf(user)).toEqual([]);

    const edited = await asAuthor.request(`/api/checklists/${list.id}`, {
      method: 'PUT',
      json: { ...newList(list.title), items: ['Passport', 'Tickets'] },
    });
    expect(edited.status).toBe(200);
    expect(await badgesOf(user)).toEqual(['finisher']);
    expect(await badgeNotes(user)).toEqual([earned('Finisher')]);
  });
});

describe('concurrent actions at a threshold', () => {
  it('a tick completing a user’s 5th list while another action for them is in flight waits for it, and grants Closer once', async () => {
    const user = await createUser(t.db);
    const asUser = await signedInAgent(t, user);
    await addCompletedLists(user, 3);
    await t.db.insert(userBadges).values({ userId: user.id, badgeSlug: 'finisher' });
    const author = await extra();
    const fourth = await makeChecklist(t.db, author.id, { items: ['only'] });
    const fifth = await makeChecklist(t.db, author.id, { items: ['only'] });

    // The 4th list is completed by a transaction that has checked the user's badges and not committed yet.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let checked!: () => void;
    const hasChecked = new Promise<void>((resolve) => (checked = resolve));
    const inFlight = t.db.transaction(async (tx) => {
      await tx
        .insert(checklistItemCompletions)
        .values({ userId: user.id, checklistItemId: fourth.items[0]!.id, checklistId: fourth.id });
      expect(await grantEarnedBadges(tx, [user.id], ['completed_lists'])).toEqual([]);
      checked();
      await held;
    });
    await hasChecked;

    let isAnswered = false;
    const answer = tick(asUser, fifth, 0).finally(() => (isAnswered = true));
    // The tick runs as far as it can: until it waits for the other transaction, or (were it not to) answers.
    await vi.waitFor(
      async () => {
        if (!isAnswered && (await advisoryLockWaiters()) === 0) throw new Error('the tick is still running');
      },
      { timeout: 10_000 },
    );
    commit();
    await inFlight;
    expect((await answer).status).toBe(200);
    expect(await badgesOf(user)).toEqual(['closer', 'finisher']);
    expect(await badgeNotes(user)).toEqual([earned('Closer')]);
  });

  it('Crowd Pleaser counts likes by others where the author liked the list before that was refused', async () => {
    const author = await extra();
    const list = await makeChecklist(t.db, author.id);
    // A like by the author from before migration 0010, which the database now refuses.
    await t.db.execute(sql`alter table checklist_likes disable trigger checklist_likes_not_self`);
    try {
      await t.db.insert(checklistLikes).values({ checklistId: list.id, userId: author.id });
    } finally {
      await t.db.execute(sql`alter table checklist_likes enable trigger checklist_likes_not_self`);
    }
    await addLikes(list.id, 8);
    const like = (agent: Agent) => agent.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    await like(fans[0]!);
    expect(await badgesOf(author)).toEqual([]);
    // 11 likes, 10 of them by others.
    await like(fans[1]!);
    expect(await badgesOf(author)).toEqual(['crowd-pleaser-bronze']);
  });

  it('several likes crossing 10 at once grant Crowd Pleaser exactly once', async () => {
    const author = await extra();
    const list = await makeChecklist(t.db, author.id);
    await addLikes(list.id, 8);
    const answers = await Promise.all(
      fans.map((fan) => fan.request(`/api/checklists/${list.id}/like`, { method: 'PUT' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await badgesOf(author)).toEqual(['crowd-pleaser-bronze']);
    expect(await badgeNotes(author)).toEqual([earned('Crowd Pleaser')]);
  });
});

describe('GET /api/badges', () => {
  it('lists every badge with its tier, when it was earned and the progress towards it', async () => {
    const user = await createUser(t.db);
    const asUser = await signedInAgent(t, user);
    const someone = await extra();
    for (let index = 0; index < 3; index++) await makeChecklist(t.db, user.id);
    await makeChecklist(t.db, user.id, { isPublic: false });
    const original = await makeChecklist(t.db, someone.id);
    const copy = await makeChecklist(t.db, user.id);
    await t.db.insert(clonedChecklists).values({
      originalChecklistId: original.id,
      originalTitle: original.title,
      clonedChecklistId: copy.id,
      clonedBy: user.id,
    });
    await asUser.post('/api/checklists', newList('Fourth of my own'));
    const single = await makeChecklist(t.db, someone.id, { items: ['only'] });
    await tick(asUser, single, 0);
    await addCompletedLists(user, 1);
    const half = await makeChecklist(t.db, someone.id, { items: ['a', 'b'] });
    await tick(asUser, half, 0);
    const [liked, lessLiked] = [await makeChecklist(t.db, user.id), await makeChecklist(t.db, user.id)];
    await addLikes(liked.id, 6);
    await addLikes(lessLiked.id, 3);
    for (let index = 0; index < 4; index++) {
      await t.db.insert(follows).values({ followerId: (await extra()).id, followedId: user.id });
    }
    for (let index = 0; index < 7; index++) {
      await t.db.insert(checklistComments).values({ checklistId: original.id, userId: user.id, content: `#${index}` });
    }

    const response = await asUser.request('/api/badges');
    expect(response.status).toBe(200);
    const { badges } = badgeListSchema.parse(await response.json());
    const grants = await t.db.execute<{ badge_slug: string; granted_at: Date }>(
      sql`select badge_slug, granted_at from user_badges where user_id = ${user.id}`,
    );
    const grantedAt = (slug: string) => new Date(grants.rows.find((row) => row.badge_slug === slug)!.granted_at);
    expect(badges.map((badge) => [badge.slug, badge.progress.current, badge.progress.target])).toEqual([
      ['first-checklist', 1, 1],
      ['curator', 6, 10], // 3 + the API's + the two liked ones; not the private one nor the clone
      ['finisher', 1, 1],
      ['closer', 2, 5],
      ['completionist', 2, 25],
      ['crowd-pleaser-bronze', 6, 10],
      ['crowd-pleaser-silver', 6, 25],
      ['crowd-pleaser-gold', 6, 50],
      ['trendsetter', 0, 1],
      ['connector', 4, 10],
      ['conversationalist', 7, 10],
    ]);
    expect(badges.map((badge) => badge.slug)).toEqual(BADGES.map((badge) => badge.slug));
    const bySlug = new Map(badges.map((badge) => [badge.slug, badge]));
    expect(bySlug.get('first-checklist')).toEqual({
      slug: 'first-checklist',
      name: 'First Checklist',
      description: 'Published your first public checklist.',
      tier: 'bronze',
      earnedAt: grantedAt('first-checklist').toISOString(),
      progress: { current: 1, target: 1 },
    });
    expect(bySlug.get('finisher')!.earnedAt).toBe(grantedAt('finisher').toISOString());
    expect(bySlug.get('crowd-pleaser-gold')).toMatchObject({ tier: 'gold', earnedAt: null });
    expect(badges.filter((badge) => badge.earnedAt !== null)).toHaveLength(2);
  });

  describe('who sees which badges', () => {
    let holder: CreatedUser;
    let asHolder: Agent;
    let asOther: Agent;
    beforeAll(async () => {
      holder = await createUser(t.db);
      asHolder = await signedInAgent(t, holder);
      asOther = await signedInAgent(t, await createUser(t.db));
      await asHolder.post('/api/checklists', newList('Earns a badge'));
    });

    it.each([
      ['a visitor', () => t.agent(), 401, null],
      ['the holder', () => asHolder, 200, ['first-checklist']],
      ['another user', () => asOther, 200, []],
    ] as const)('%s gets %i and sees only their own grants', async (_who, agent, status, earnedSlugs) => {
      const response = await agent().request('/api/badges');
      expect(response.status).toBe(status);
      if (earnedSlugs === null) return;
      const { badges } = badgeListSchema.parse(await response.json());
      expect(badges.filter((badge) => badge.earnedAt !== null).map((badge) => badge.slug)).toEqual(earnedSlugs);
    });
  });
});

describe('badges on a profile', () => {
  it('are listed on a public profile, and hidden on a private one from all but its owner (decision 008)', async () => {
    const open = await createUser(t.db);
    const hidden = await createUser(t.db, { isPublic: false });
    const asOpen = await signedInAgent(t, open);
    const asHidden = await signedInAgent(t, hidden);
    await asOpen.post('/api/checklists', newList('Open'));
    await asHidden.post('/api/checklists', newList('Hidden'));
    const badgesOn = async (agent: Agent, username: string) =>
      publicProfileSchema.parse(await (await agent.request(`/api/users/${username}`)).json()).badges;

    const [grant] = (
      await t.db.execute<{ granted_at: Date }>(sql`select granted_at from user_badges where user_id = ${open.id}`)
    ).rows;
    const firstChecklist = {
      slug: 'first-checklist',
      name: 'First Checklist',
      tier: 'bronze',
      grantedAt: new Date(grant!.granted_at).toISOString(),
    };
    expect(await badgesOn(t.agent(), open.username)).toEqual([firstChecklist]);
    expect(await badgesOn(asHidden, open.username)).toEqual([firstChecklist]);
    expect(await badgesOn(t.agent(), hidden.username)).toEqual([]);
    expect(await badgesOn(asOpen, hidden.username)).toEqual([]);
    expect(await badgesOn(asHidden, hidden.username)).toEqual([expect.objectContaining({ slug: 'first-checklist' })]);
  });
});

describe('the back-fill', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    // Its own database, so "everything granted" is exactly what this test made.
    fresh = await createTestApp();
  });
  const allGrants = async () =>
    (
      await fresh.db.execute<{ user_id: string; badge_slug: string }>(
        sql`select user_id, badge_slug from user_badges order by user_id, badge_slug`,
      )
    ).rows;

  it('grants from current state what the actions grant, and nothing new when run again', async () => {
    const alice = await createUser(fresh.db);
    const bob = await createUser(fresh.db);
    const asAlice = await signedInAgent(fresh, alice);
    const asBob = await signedInAgent(fresh, bob);
    const created = await (await asAlice.post('/api/checklists', newList('Alice’s'))).json();
    const list = await makeChecklist(fresh.db, alice.id, { items: ['only'] });
    await tick(asBob, list, 0);
    await asBob.post(`/api/checklists/${created.id}/clone`, {});
    const live = await allGrants();
    expect(live).toHaveLength(3); // Alice: First Checklist, Trendsetter; Bob: Finisher

    // Carol's state was written directly: 10 followers, 9 comments, only a private list, and a
    // clone link of her own list by herself (only someone else's clone counts).
    const carol = await createUser(fresh.db, { passwordHash: 'never-signs-in' });
    for (let index = 0; index < 10; index++) {
      const follower = await createUser(fresh.db, { passwordHash: 'never-signs-in' });
      await fresh.db.insert(follows).values({ followerId: follower.id, followedId: carol.id });
    }
    const own = await makeChecklist(fresh.db, carol.id, { isPublic: false });
    for (let index = 0; index < 9; index++) {
      await fresh.db.insert(checklistComments).values({ checklistId: own.id, userId: carol.id, content: `#${index}` });
    }
    const copy = await makeChecklist(fresh.db, carol.id, { isPublic: false });
    await fresh.db.insert(clonedChecklists).values({
      originalChecklistId: own.id,
      originalTitle: own.title,
      clonedChecklistId: copy.id,
      clonedBy: carol.id,
    });

    expect(await backfillBadges(fresh.db)).toEqual([{ userId: carol.id, slug: 'connector' }]);
    expect(await backfillBadges(fresh.db)).toEqual([]);
    const everything = await allGrants();

    await fresh.db.execute(sql`delete from user_badges`);
    const regranted = await backfillBadges(fresh.db);
    expect(regranted).toHaveLength(everything.length);
    expect(await allGrants()).toEqual(everything);
    expect(everything).toEqual(expect.arrayContaining(live));
    expect(await backfillBadges(fresh.db)).toEqual([]);
    const notes = await fresh.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where type = 'badge' and user_id = ${carol.id}`,
    );
    expect(notes.rows[0]!.n).toBe(2); // the first back-fill, and the one after the wipe
  });
});

describe('a badge check', () => {
  /** The rows each scan of `table` returned in the plan of `query`, over all its loops. */
  type PlanNode = { 'Relation Name'?: string; 'Actual Rows': number; 'Actual Loops': number; Plans?: PlanNode[] };
  /** The rows each scan of `table` returned in the plan of `query`, over all its loops. */
  async function rowsRead(query: ReturnType<typeof sql>, table: string): Promise<number> {
    const [row] = (
      await t.db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(sql`explain (analyze, format json) ${query}`)
    ).rows;
    const scans = (node: PlanNode): PlanNode[] => [
      ...(node['Relation Name'] === table ? [node] : []),
      ...(node.Plans ?? []).flatMap(scans),
    ];
    return scans(row!['QUERY PLAN'][0].Plan).reduce((sum, node) => sum + node['Actual Rows'] * node['Actual Loops'], 0);
  }

  it('counts each metric only up to its highest target: no more comments or likes are read than that', async () => {
    expect([metricCap('comments_written'), metricCap('likes_on_one_list')]).toEqual([10, 50]);
    const busy = await createUser(t.db);
    const list = await makeChecklist(t.db, busy.id);
    await addLikes(list.id, 55);
    for (let index = 0; index < 14; index++) {
      await t.db.insert(checklistComments).values({ checklistId: list.id, userId: busy.id, content: `#${index}` });
    }
    const metrics = sql`select m.metric, m.value from ${metricValues(['comments_written', 'likes_on_one_list'], sql`${busy.id}`)}`;
    const values = (await t.db.execute<{ metric: string; value: number }>(metrics)).rows;
    expect(Object.fromEntries(values.map((row) => [row.metric, row.value]))).toEqual({
      comments_written: 10,
      likes_on_one_list: 50,
    });
    expect(await rowsRead(metrics, 'checklist_comments')).toBeLessThanOrEqual(10);
    expect(await rowsRead(metrics, 'checklist_likes')).toBeLessThanOrEqual(50);
    // The page of badges still reads the earned ones as complete.
    const asBusy = await signedInAgent(t, busy);
    const listed = badgeListSchema.parse(await (await asBusy.request('/api/badges')).json());
    const conversationalist = listed.badges.find((badge) => badge.slug === 'conversationalist');
    expect(conversationalist?.progress).toEqual({ current: 10, target: 10 });
  });
});
