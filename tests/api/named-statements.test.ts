import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeNamed } from '../../src/server/db/client';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

type Prepared = { statement: string; generic_plans: number; custom_plans: number };

describe('statements planned once (decision 038)', () => {
  it("names the signed-in pages' statements, and each keeps its generic plan on the named statements' connections", async () => {
    // One connection in each pool, so what the named one has prepared is what every request used.
    const { db } = await createTestDatabase({ max: 1 });
    const app = await createTestApp({ db });
    const author = await createUser(db);
    const reader = await createUser(db);
    const list = await makeChecklist(db, author.id, {
      title: 'Garden tools',
      items: ['Rake', 'Hoe'],
      tags: ['garden'],
    });
    const agent = await signedInAgent(app, reader);
    const tick = await agent.request(`/api/checklists/${list.id}/items/${list.items[0]!.id}/done`, { method: 'PUT' });
    expect(tick.status).toBe(200);
    const pages = [
      '/api/badges',
      '/api/dashboard/lists?tab=in-progress',
      '/api/dashboard/lists?tab=saved',
      '/api/dashboard/lists?tab=created',
      '/api/dashboard/activity',
      '/api/discover',
      '/api/discover/suggestions',
      `/api/checklists/${list.id}`,
      '/api/accounts/me/stats',
      '/api/checklists?order=newest',
    ];
    for (let run = 0; run < 8; run++) {
      for (const page of pages) expect((await agent.request(page)).status, page).toBe(200);
    }

    const prepared = (
      await executeNamed<Prepared>(
        db,
        sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where from_sql = false`,
      )
    ).filter((row) => !row.statement.includes('pg_prepared_statements'));
    // Each page's statement, found by words only it has; run with its generic plan, never planned
    // again for its values.
    const shapes = {
      badges: /json_object_agg\(ub\.badge_slug/,
      'in progress': /updated_at as listed_at, completed_count\s+from checklist_progress where user_id/,
      created:
        /select id as checklist_id, created_at as listed_at, null::int as completed_count\s+from checklists where author_id/,
      saved: /select checklist_id, created_at from saved_checklists/,
      activity: /'notification:' \|\| n\.id/,
      suggestions: /with sources as/,
      trending: /order by c\.uses_count desc, c\.created_at desc, c\.id desc\s+limit \d+/,
      detail: /as completed_item_ids/,
      stats: /as followers/,
      'public lists': /sum\(public_count\)/,
    };
    for (const [page, shape] of Object.entries(shapes)) {
      const found = prepared.filter((row) => shape.test(row.statement));
      expect(found.length, page).toBeGreaterThan(0);
      for (const statement of found) {
        expect(statement.generic_plans, page).toBeGreaterThan(0);
        expect(statement.custom_plans, page).toBe(0);
      }
    }
    // The limits are written in the text, so no generic plan guesses them (decision 033).
    for (const row of prepared) expect(row.statement, row.statement).not.toMatch(/limit \$\d/);
    // The setting is the named connections' only: every other statement is planned with its values.
    const mode = sql`select current_setting('plan_cache_mode') as mode`;
    expect((await executeNamed<{ mode: string }>(db, mode))[0]!.mode).toBe('force_generic_plan');
    expect((await db.execute<{ mode: string }>(mode)).rows[0]!.mode).toBe('auto');
  });

  it('rounds a limit the request chooses up to a power of two, so 50 sizes make a few statements; the response keeps the size asked for', async () => {
    const { db } = await createTestDatabase({ max: 1 });
    const app = await createTestApp({ db });
    const author = await createUser(db);
    for (let index = 0; index < 12; index++) await makeChecklist(db, author.id, { title: `Trail list ${index}` });
    const agent = await signedInAgent(app, author);
    for (let limit = 1; limit <= 50; limit++) {
      const activity = await agent.request(`/api/dashboard/activity?limit=${limit}`);
      expect(((await activity.json()) as { events: unknown[] }).events).toHaveLength(Math.min(limit, 12));
      const trending = await agent.request(`/api/discover/trending?limit=${limit}`);
      expect(((await trending.json()) as { checklists: unknown[] }).checklists).toHaveLength(Math.min(limit, 12));
    }
    const prepared = await executeNamed<Prepared>(
      db,
      sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where from_sql = false`,
    );
    const activityLimits = prepared
      .filter((row) => /'notification:' \|\| n\.id/.test(row.statement))
      // The outermost limit: the last in the statement.
      .map((row) => Number([...row.statement.matchAll(/limit (\d+)/g)].at(-1)![1]))
      .sort((a, b) => a - b);
    expect(activityLimits).toEqual([1, 2, 4, 8, 16, 32, 64]);
    const trendingLimits = prepared.filter((row) =>
      /where c\.is_public\s+order by c\.uses_count desc, c\.created_at desc, c\.id desc\s+limit \d+/.test(
        row.statement,
      ),
    );
    expect(trendingLimits).toHaveLength(7);
  });

  // Each write runs eight times on one connection in each pool, so what the named one has prepared
  // is what every write used; then each statement, found by words only it has, has run with its
  // generic plan and was never planned again for its values.
  it.each([
    {
      write: 'a clone',
      send: (listId: string) => ({ path: `/api/checklists/${listId}/clone`, json: undefined }),
      status: 201,
      // Opening the original and copying it (ticklist_clone_list, whose own statements PL/pgSQL
      // prepares) with the notification and the badge check it leaves, in one statement.
      shapes: {
        copy: /with original as[\s\S]*ticklist_clone_list[\s\S]*insert into notifications[\s\S]*insert into outbox_tasks/,
      },
    },
    {
      write: 'a comment',
      send: (listId: string) => ({ path: `/api/checklists/${listId}/comments`, json: { content: 'Packed and ready' } }),
      status: 201,
      // The comment with its notification and the badge check it leaves, then that check, run
      // after the commit.
      shapes: {
        comment: /insert into checklist_comments[\s\S]*insert into notifications[\s\S]*insert into outbox_tasks/,
        check: /with taken as \(\s*delete from outbox_tasks[\s\S]*insert into user_badges/,
      },
    },
    {
      write: 'a report',
      send: (listId: string) => ({
        path: '/api/reports',
        json: { targetType: 'checklist', targetId: listId, reason: 'spam', note: '' },
      }),
      status: 200,
      // The list as the reporter may see it, then the report (ticklist_file_report).
      shapes: { target: /select c\.id::text as id, c\.author_id as owner_id/ },
    },
  ])("names $write's statements, each keeping its generic plan", async ({ send, status, shapes }) => {
    const { db } = await createTestDatabase({ max: 1 });
    const app = await createTestApp({ db });
    const author = await createUser(db);
    const writer = await createUser(db);
    const agent = await signedInAgent(app, writer);
    for (let index = 0; index < 8; index++) {
      const list = await makeChecklist(db, author.id, {
        title: `Packing list ${index}`,
        items: ['Socks'],
        tags: ['travel'],
      });
      const { path, json } = send(list.id);
      const response = await agent.request(path, { method: 'POST', ...(json ? { json } : {}) });
      expect(response.status).toBe(status);
    }
    const prepared = await executeNamed<Prepared>(
      db,
      sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where from_sql = false`,
    );
    for (const [step, shape] of Object.entries(shapes)) {
      const found = prepared.filter((row) => shape.test(row.statement));
      // One text, or a few: the check's text also wakes the mailer when the write queued a mail.
      expect(found.length, step).toBeGreaterThan(0);
      expect(found.length, step).toBeLessThanOrEqual(2);
      for (const row of found) {
        expect(row.generic_plans, step).toBeGreaterThan(0);
        expect(row.custom_plans, step).toBe(0);
      }
    }
  });

  it("plans the dashboard's tabs so that a user's rows are read once, whatever their number", async () => {
    // A generic plan guesses a few rows a user. Joining the user's progress to their lists then
    // compared every list with every progress row (a nested loop over a materialized scan): fine
    // for five, not for a user with thousands. The progress is read by its key for each list.
    const statements: string[] = [];
    const { db } = await createTestDatabase({ max: 1, onQuery: (query) => statements.push(query) });
    const app = await createTestApp({ db });
    const user = await createUser(db);
    const agent = await signedInAgent(app, user);
    statements.length = 0;
    for (const tab of ['created', 'cloned', 'saved', 'in-progress']) {
      expect((await agent.request(`/api/dashboard/lists?tab=${tab}`)).status).toBe(200);
    }
    const tabs = statements.filter((text) => /with picked as/.test(text));
    expect(tabs).toHaveLength(4);
    for (const text of tabs) {
      const plan = await db.execute<{ 'QUERY PLAN': string }>(sql.raw(`explain (generic_plan) ${text}`));
      const lines = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      // Never the user's progress materialized and compared with every list. (On this empty
      // database a one-row guess may materialize another small table; that is not the rule.)
      const materialized = lines
        .split('\n')
        .flatMap((line, at, all) => (/Materialize/.test(line) ? [all[at + 1]!] : []));
      expect(materialized.filter((child) => /checklist_progress/.test(child))).toEqual([]);
      expect(lines).toMatch(/checklist_progress_checklist_id_user_id_pk|completed_count < /);
    }
  });
});
