import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeTimeMessages, MAX_CHANGE_AGE_MS } from '../../src/domain/checklists/change-time';
import { progressStateSchema } from '../../src/domain/checklists/checklist-actions';
import { pruneUntickMarks } from '../../src/server/checklists/progress.actions';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// A tick, an untick or a Start again made on a device without a connection reaches the server when
// the connection is back, saying how long ago it was made (`ago`, milliseconds). Replays change
// nothing twice, and of two changes the later one stands, whichever arrives last.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

type List = Awaited<ReturnType<typeof makeChecklist>>;
const MINUTE = 60_000;

/** One user on two devices (two sessions), and someone else's list of three items. */
async function twoDevices() {
  const [user, author] = [await createUser(t.db), await createUser(t.db)];
  const list = await makeChecklist(t.db, author.id, { items: ['Tent', 'Stove', 'Torch'] });
  return { user, list, phone: await signedInAgent(t, user), laptop: await signedInAgent(t, user) };
}

async function send(agent: Agent, path: string, method: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  const response = await agent.request(`${path}?${search}`, { method });
  expect(response.status, `${method} ${path}?${search}`).toBe(200);
  return progressStateSchema.parse(await response.json());
}
const tick = (agent: Agent, list: List, index: number, ago?: number) =>
  send(
    agent,
    `/api/checklists/${list.id}/items/${list.items[index]!.id}/done`,
    'PUT',
    ago === undefined ? {} : { ago },
  );
const untick = (agent: Agent, list: List, index: number, ago?: number) =>
  send(
    agent,
    `/api/checklists/${list.id}/items/${list.items[index]!.id}/done`,
    'DELETE',
    ago === undefined ? {} : { ago },
  );
const startAgain = (agent: Agent, list: List, query: { ago?: number; key?: string } = {}) =>
  send(agent, `/api/checklists/${list.id}/progress`, 'DELETE', query);
const ticked = (list: List, state: { completedItemIds: string[] }) =>
  list.items.flatMap((item, index) => (state.completedItemIds.includes(item.id) ? [index] : []));

describe('changes sent late', () => {
  it('a replayed tick or untick changes nothing twice', async () => {
    const { list, phone } = await twoDevices();
    await tick(phone, list, 0, 5_000);
    const again = await tick(phone, list, 0, 5_000);
    expect(ticked(list, again)).toEqual([0]);
    expect(again.uses).toBe(1);
    await untick(phone, list, 0, 1_000);
    expect(ticked(list, await untick(phone, list, 0, 1_000))).toEqual([]);
    expect(ticked(list, await tick(phone, list, 1))).toEqual([1]);
  });

  it('of a tick and an untick on two devices, the later stands whichever arrives last', async () => {
    const { list, phone, laptop } = await twoDevices();
    // The laptop ticked a minute ago; the phone's untick from two minutes ago arrives after it.
    await tick(laptop, list, 0, MINUTE);
    expect(ticked(list, await untick(phone, list, 0, 2 * MINUTE))).toEqual([0]);
    // The laptop unticked a minute ago; the phone's tick from two minutes ago arrives after it.
    await untick(laptop, list, 1, MINUTE);
    expect(ticked(list, await tick(phone, list, 1, 2 * MINUTE))).toEqual([0]);
    // Out of order on one device: the later untick arrives before the earlier tick.
    await untick(phone, list, 2, 1_000);
    expect(ticked(list, await tick(phone, list, 2, 5_000))).toEqual([0]);
    // And a tick made after an untick stands.
    expect(ticked(list, await tick(phone, list, 2))).toEqual([0, 2]);
  });

  it('leaves out a tick made before a Start again, and dates the run from its first tick as made', async () => {
    const { list, phone, laptop } = await twoDevices();
    await tick(laptop, list, 0);
    await startAgain(laptop, list);
    // The phone ticked item 1 five minutes ago, in the run the laptop has since closed.
    expect(ticked(list, await tick(phone, list, 1, 5 * MINUTE))).toEqual([]);
    expect(ticked(list, await untick(phone, list, 0, 5 * MINUTE))).toEqual([]);
    // A tick made after the Start again counts in the new run.
    expect(ticked(list, await tick(phone, list, 2))).toEqual([2]);
  });

  it('closes one run for a Start again sent twice, and none for one made before the last', async () => {
    const { user, list, phone, laptop } = await twoDevices();
    const runs = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from checklist_runs where checklist_id = ${list.id} and user_id = ${user.id}`,
        )
      ).rows[0]!.n;
    await tick(phone, list, 0, 10 * MINUTE);
    const key = crypto.randomUUID();
    await startAgain(phone, list, { ago: 3 * MINUTE, key });
    await tick(phone, list, 1, 2 * MINUTE);
    // The answer to the Start again was lost: the phone sends it again, a little later.
    expect(ticked(list, await startAgain(phone, list, { ago: 3 * MINUTE - 50, key }))).toEqual([1]);
    expect(await runs()).toBe(1);
    // The laptop's Start again from five minutes ago (before the phone's) arrives now: nothing.
    expect(ticked(list, await startAgain(laptop, list, { ago: 5 * MINUTE }))).toEqual([1]);
    expect(await runs()).toBe(1);
    // A later one closes the run.
    expect(ticked(list, await startAgain(laptop, list))).toEqual([]);
    expect(await runs()).toBe(2);
  });

  it('keeps the order of arrival for changes made within a second of each other', async () => {
    const { list, phone } = await twoDevices();
    // A double tap: the untick is dated half a second before the tick (the way there varies).
    await tick(phone, list, 0);
    expect(ticked(list, await untick(phone, list, 0, 500))).toEqual([]);
    expect(ticked(list, await tick(phone, list, 0, 800))).toEqual([0]);
    // A tick just after a Start again, dated just before it, counts in the new run; one made
    // clearly before it does not.
    await startAgain(phone, list, { ago: 2_000, key: crypto.randomUUID() });
    expect(ticked(list, await tick(phone, list, 1, 2_500))).toEqual([1]);
    expect(ticked(list, await tick(phone, list, 2, 3_500))).toEqual([1]);
  });

  it('refuses a change older than 30 days, or a time that is not one, with a message', async () => {
    const { list, phone } = await twoDevices();
    const path = `/api/checklists/${list.id}/items/${list.items[0]!.id}/done`;
    const tooOld = await phone.request(`${path}?ago=${MAX_CHANGE_AGE_MS + 1}`, { method: 'PUT' });
    expect(tooOld.status).toBe(400);
    expect(JSON.stringify(await tooOld.json())).toContain(changeTimeMessages.tooOld);
    for (const query of ['ago=-1', 'ago=soon', 'ago=1.5', 'key=not-a-key']) {
      const progress = `/api/checklists/${list.id}/progress?${query}`;
      expect((await phone.request(progress, { method: 'DELETE' })).status, query).toBe(400);
      expect((await phone.request(`${path}?${query}`, { method: 'PUT' })).status, query).toBe(400);
    }
    expect(ticked(list, await tick(phone, list, 0, MAX_CHANGE_AGE_MS))).toEqual([0]);
  });

  it('forgets unticks older than 30 days (hourly)', async () => {
    const { user, list, phone } = await twoDevices();
    await untick(phone, list, 0, MAX_CHANGE_AGE_MS);
    await untick(phone, list, 1);
    await t.db.execute(sql`
      update checklist_untick_marks set unticked_at = unticked_at - interval '1 minute'
      where user_id = ${user.id} and checklist_item_id = ${list.items[0]!.id}`);
    await pruneUntickMarks(t.db);
    const left = await t.db.execute<{ item: string }>(
      sql`select checklist_item_id as item from checklist_untick_marks where user_id = ${user.id}`,
    );
    expect(left.rows.map((row) => row.item)).toEqual([list.items[1]!.id]);
  });
});
