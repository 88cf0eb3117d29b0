import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { badgeListSchema } from '../../src/domain/badges/badges';
import { backfillBadges } from '../../src/server/badges/badges.actions';
import { metricCap, metricValues } from '../../src/server/badges/badges.queries';
import { checklistComments, clonedChecklists, follows } from '../../src/server/db/schema';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { badgeHelpers, newList } from '../setup/badges';
import { completeItem } from '../setup/completions';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const { addLikes } = badgeHelpers(() => t);

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
    await completeItem(asBob, list, 0);
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
