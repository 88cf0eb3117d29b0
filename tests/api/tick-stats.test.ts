import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklistDetailSchema, type ChecklistDetail } from '../../src/domain/checklists/checklist-view';
import { refreshListTickStats, refreshTickStats } from '../../src/server/checklists/tick-stats.actions';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { createAppWithUsers, signedInAgent } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';

const {
  t,
  users: { author },
  agents: { author: asAuthor },
} = await createAppWithUsers({ author: {} });
const people: CreatedUser[] = [];
for (let index = 0; index < 14; index++) people.push(await createUser(t.db));

const detail = async (agent: Agent | null, id: string): Promise<ChecklistDetail> =>
  checklistDetailSchema.parse(await (await (agent ?? t.agent()).request(`/api/checklists/${id}`)).json());

/** Ticks items `indexes` of `list` for `user`, as their open run. */
async function tick(user: CreatedUser, list: { id: string; items: { id: string }[] }, indexes: number[]) {
  await t.db.execute(sql`
    insert into checklist_item_completions (user_id, checklist_item_id, checklist_id)
    select ${user.id}, unnest(${sql.param(indexes.map((index) => list.items[index]!.id))}::uuid[]), ${list.id}`);
}

describe('what people really tick', () => {
  it('shows each item’s share of the people who finished or ticked more than half, from ten people', async () => {
    const list = await makeChecklist(t.db, author.id, { items: ['Tent', 'Stove', 'Map', 'Kite'] });
    // Nine people tick three of four; one ticks only one (not counted).
    for (const person of people.slice(0, 9)) await tick(person, list, [0, 1, 2]);
    await tick(people[9]!, list, [3]);
    await refreshListTickStats(t.db, list.id);
    expect((await detail(null, list.id)).tickStats).toBeNull();

    // The tenth counted person finished the list, then started again: their closed run counts once.
    await tick(people[10]!, list, [0, 1, 2, 3]);
    const asTenth = await signedInAgent(t, people[10]!);
    expect((await asTenth.request(`/api/checklists/${list.id}/progress`, { method: 'DELETE' })).status).toBe(200);
    await refreshListTickStats(t.db, list.id);
    const stats = (await detail(null, list.id)).tickStats;
    expect(stats).toEqual({
      people: 10,
      usualSeconds: null,
      shares: { [list.items[0]!.id]: 100, [list.items[1]!.id]: 100, [list.items[2]!.id]: 100, [list.items[3]!.id]: 10 },
    });
    // The author sees the same figures.
    expect((await detail(asAuthor, list.id)).tickStats).toEqual(stats);
  });

  it('gives the usual time from five completed runs, first tick to last', async () => {
    const list = await makeChecklist(t.db, author.id, { items: ['Tent', 'Stove'] });
    for (const person of people.slice(0, 10)) await tick(person, list, [0, 1]);
    await t.db.execute(sql`
      update checklist_progress set started_at = now() - interval '20 minutes' where checklist_id = ${list.id}`);
    await refreshListTickStats(t.db, list.id);
    const stats = (await detail(null, list.id)).tickStats!;
    expect(stats.people).toBe(10);
    expect(Math.round(stats.usualSeconds! / 60)).toBe(20);
  });

  it('is never shown on a private or unlisted list, nor stored below the floor', async () => {
    const list = await makeChecklist(t.db, author.id, { items: ['Tent', 'Stove'] });
    for (const person of people.slice(0, 10)) await tick(person, list, [0, 1]);
    await refreshListTickStats(t.db, list.id);
    for (const visibility of ['private', 'unlisted'] as const) {
      await asAuthor.request(`/api/checklists/${list.id}/visibility`, { method: 'PATCH', json: { visibility } });
      expect((await detail(asAuthor, list.id)).tickStats, visibility).toBeNull();
    }
    const few = await makeChecklist(t.db, author.id, { items: ['Tent'] });
    for (const person of people.slice(0, 3)) await tick(person, few, [0]);
    await refreshListTickStats(t.db, few.id);
    const kept = await t.db.execute(
      sql`select people, shares from checklist_tick_stats where checklist_id = ${few.id}`,
    );
    expect(kept.rows).toEqual([{ people: 3, shares: {} }]);
  });

  it('the scheduled refresh reads only public lists with ten uses, and only stale figures', async () => {
    const used = await makeChecklist(t.db, author.id, { items: ['Tent'] });
    for (const person of people.slice(0, 10)) await tick(person, used, [0]);
    const quiet = await makeChecklist(t.db, author.id, { items: ['Tent'] });
    await tick(people[0]!, quiet, [0]);
    await t.db.execute(sql`delete from checklist_tick_stats`);
    await t.db.execute(sql`update checklists set uses_count = 0 where id <> ${used.id} and uses_count >= 10`);
    expect(await refreshTickStats(t.db)).toBe(1);
    expect(await refreshTickStats(t.db)).toBe(0);
    expect((await detail(null, used.id)).tickStats?.people).toBe(10);
  });
});
