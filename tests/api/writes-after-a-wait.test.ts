import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type TestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

// A write waits for the list's row while another transaction holds it. What that transaction
// commits meanwhile must count: a statement reads every table but the rows it locks as they were
// when it began (READ COMMITTED), so the change is made after the lock, by statements of its own
// (ticklist_change_completion; an unlike's transaction).

let t: TestApp;
let url: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  url = database.url;
  t = await createTestApp({ db: database.db });
});

/** Runs `during` in a transaction that holds the checklist row, while `request` waits on it. */
async function whileHolding(
  checklistId: string,
  request: () => Promise<Response>,
  during: (holder: pg.Client) => Promise<void>,
) {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query('select 1 from checklists where id = $1 for update', [checklistId]);
    const pending = request();
    await vi.waitFor(
      async () => {
        const waiting = await holder.query(`select 1 from pg_stat_activity where wait_event_type = 'Lock'`);
        expect(waiting.rowCount).toBeGreaterThan(0);
      },
      { timeout: 40_000, interval: 500 },
    );
    await during(holder);
    await holder.query('commit');
    return await pending;
  } finally {
    await holder.end();
  }
}

/** Someone else's list of two items, and a user signed in on their phone; `item`: the first. */
async function aListAndAPhone() {
  const [user, author] = [await createUser(t.db), await createUser(t.db)];
  const list = await makeChecklist(t.db, author.id, { items: ['Tent', 'Stove'] });
  return { user, list, phone: await signedInAgent(t, user), item: list.items[0]!.id };
}

describe('a write that waits for the list', () => {
  it('a late tick made before an untick that commits while it waits is not written', async () => {
    const { user, list, phone, item } = await aListAndAPhone();
    await phone.request(`/api/checklists/${list.id}/items/${list.items[1]!.id}/done`, { method: 'PUT' });
    // The tick was made two minutes ago; the untick (now) commits while the tick waits for the list.
    const response = await whileHolding(
      list.id,
      () => phone.request(`/api/checklists/${list.id}/items/${item}/done?ago=120000`, { method: 'PUT' }),
      async (holder) => {
        await holder.query(
          `insert into checklist_untick_marks (user_id, checklist_item_id, unticked_at) values ($1, $2, now())`,
          [user.id, item],
        );
      },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { completedItemIds: string[] };
    // The untick is the later change: the item stays unticked.
    expect(body.completedItemIds).toEqual([list.items[1]!.id]);
  });

  it('an untick that waits while a tick made before it commits takes the tick back', async () => {
    const { user, list, phone, item } = await aListAndAPhone();
    const response = await whileHolding(
      list.id,
      () => phone.request(`/api/checklists/${list.id}/items/${item}/done`, { method: 'DELETE' }),
      async (holder) => {
        // A tick made a minute ago commits first (as a tick's statement holding the row would).
        await holder.query(
          `insert into checklist_item_completions (user_id, checklist_item_id, checklist_id, created_at)
           values ($1, $2, $3, now() - interval '1 minute')`,
          [user.id, item, list.id],
        );
      },
    );
    expect(response.status).toBe(200);
    const left = await t.db.execute(
      sql`select 1 from checklist_item_completions where user_id = ${user.id} and checklist_item_id = ${item}`,
    );
    expect(left.rows.length).toBe(0);
  });

  it('a tick on an item an edit deletes while the tick waits answers 404, not 500', async () => {
    const { list, phone, item } = await aListAndAPhone();
    const response = await whileHolding(
      list.id,
      () => phone.request(`/api/checklists/${list.id}/items/${item}/done`, { method: 'PUT' }),
      async (holder) => {
        await holder.query(`delete from checklist_items where id = $1`, [item]);
      },
    );
    expect(response.status).toBe(404);
  });

  it('an unlike that waits while the same user’s like commits takes it back', async () => {
    const { user, list, phone } = await aListAndAPhone();
    const response = await whileHolding(
      list.id,
      () => phone.request(`/api/checklists/${list.id}/like`, { method: 'DELETE' }),
      async (holder) => {
        await holder.query(`insert into checklist_likes (checklist_id, user_id) values ($1, $2)`, [list.id, user.id]);
      },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { likes: number; hasLiked: boolean };
    const left = await t.db.execute(
      sql`select 1 from checklist_likes where user_id = ${user.id} and checklist_id = ${list.id}`,
    );
    expect({ body, likesLeft: left.rows.length }).toEqual({ body: { likes: 0, hasLiked: false }, likesLeft: 0 });
  });
});
