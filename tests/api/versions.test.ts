import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklistDetailSchema, type ChecklistDetail } from '../../src/domain/checklists/checklist-view';
import {
  versionEntriesSchema,
  versionMessages,
  versionPageSchema,
  type VersionPage,
} from '../../src/domain/checklists/version-history';
import { rateKey, rateRules } from '../../src/server/security/rate-limit';
import { completeItem } from '../setup/completions';
import { createAppWithUsers } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';
import { createRecordingDatabase, expectSessionThenOneStatement } from '../setup/test-database';

/** Records every SQL statement the app sends, in order. */
const recording = await createRecordingDatabase();
const { statements } = recording;
const {
  t,
  agents: { owner: asOwner, reader: asReader, third: asThird },
} = await createAppWithUsers({ owner: {}, reader: {}, third: {} }, { db: recording.db });

const base = { description: 'Two nights away', tags: [], estimatedTime: '1 hour', difficulty: 'easy' };
type Entry = string | { kind?: 'item' | 'heading'; content: string; note?: string; id?: string };

const detail = async (agent: Agent, id: string): Promise<ChecklistDetail> =>
  checklistDetailSchema.parse(await (await agent.request(`/api/checklists/${id}`)).json());

async function newList(items: Entry[], title = 'Camping'): Promise<ChecklistDetail> {
  const response = await asOwner.post('/api/checklists', { ...base, title, items });
  expect(response.status).toBe(201);
  return detail(asOwner, (await response.json()).id);
}

async function edit(id: string, items: Entry[], title = 'Camping') {
  const response = await asOwner.request(`/api/checklists/${id}`, { method: 'PUT', json: { ...base, title, items } });
  expect(response.status).toBe(200);
  return detail(asOwner, id);
}

async function versions(id: string, query = ''): Promise<VersionPage> {
  const response = await asOwner.request(`/api/checklists/${id}/versions${query}`);
  expect(response.status).toBe(200);
  return versionPageSchema.parse(await response.json());
}

async function versionEntries(id: string, number: number) {
  const response = await asOwner.request(`/api/checklists/${id}/versions/${number}`);
  expect(response.status).toBe(200);
  return versionEntriesSchema.parse(await response.json()).entries.map((entry) => entry.content);
}

const restore = (id: string, number: number, agent = asOwner) =>
  agent.request(`/api/checklists/${id}/versions/${number}/restore`, { method: 'POST' });

const keysOf = async (id: string) =>
  (
    await t.db.execute<{ content: string; key: string }>(
      sql`select content, coalesce(key, id)::text as key from checklist_items where checklist_id = ${id} order by order_index`,
    )
  ).rows;

describe('recording versions', () => {
  it('a list never changed has one version: the list as it is', async () => {
    const list = await newList(['Tent', 'Stove']);
    const page = await versions(list.id);
    expect(page.current).toBe(1);
    expect(page.versions).toEqual([
      expect.objectContaining({ number: 1, changes: [], entryCount: 2, restoredFrom: null }),
    ]);
    expect(await versionEntries(list.id, 1)).toEqual(['Tent', 'Stove']);
  });

  it('an edit of the entries records what changed, entry by entry, after version 1 as it was', async () => {
    const list = await newList(['Tent', 'Stove', 'Matches', 'Map']);
    const [tent, stove, , map] = list.items;
    await edit(list.id, [
      { content: 'Map', id: map!.id },
      { content: 'Tent', id: tent!.id, note: 'The two-person one' },
      { content: 'Camping stove', id: stove!.id },
      { kind: 'heading', content: 'Evening' },
      'Torch',
    ]);
    const page = await versions(list.id);
    expect(page.current).toBe(2);
    expect(page.versions.map((version) => version.number)).toEqual([2, 1]);
    expect(page.versions[1]).toMatchObject({ changes: [], entryCount: 4 });
    expect(page.versions[0]!.entryCount).toBe(5);
    expect(
      page.versions[0]!.changes.map((change) => [change.op, 'content' in change ? change.content : change.to]),
    ).toEqual([
      ['remove', 'Matches'],
      ['note', 'Tent'],
      ['reword', 'Camping stove'],
      ['move', 'Map'],
      ['add', 'Evening'],
      ['add', 'Torch'],
    ]);
    expect(await versionEntries(list.id, 1)).toEqual(['Tent', 'Stove', 'Matches', 'Map']);
    expect(await versionEntries(list.id, 2)).toEqual(['Map', 'Tent', 'Camping stove', 'Evening', 'Torch']);
  });

  it('a reworded entry keeps its key but not the completions given for its old wording', async () => {
    const list = await newList(['Tent', 'Stove']);
    await completeItem(asReader, list, 0);
    await completeItem(asReader, list, 1);
    const before = await keysOf(list.id);
    const after = await edit(list.id, [
      { content: 'Tent', id: list.items[0]!.id },
      { content: 'Gas stove', id: list.items[1]!.id },
    ]);
    expect(await keysOf(list.id)).toEqual([before[0], { content: 'Gas stove', key: before[1]!.key }]);
    expect(after.items[0]!.id).toBe(list.items[0]!.id);
    expect(after.items[1]!.id).not.toBe(list.items[1]!.id);
    expect((await detail(asReader, list.id)).viewer.completedItemIds).toEqual([list.items[0]!.id]);
  });

  it('records no version when only the title or details change', async () => {
    const list = await newList(['Tent']);
    await edit(list.id, ['Tent'], 'Camping trip');
    expect((await versions(list.id)).current).toBe(1);
    expect(await t.db.execute(sql`select 1 from checklist_versions where checklist_id = ${list.id}`)).toMatchObject({
      rows: [],
    });
  });

  it('pages 20 versions at a time, newest first, and rebuilds any version of a long history', async () => {
    const list = await newList(['Step 0']);
    const expected: string[][] = [['Step 0']];
    for (let step = 1; step <= 44; step++) {
      const items =
        step % 3 === 0
          ? [`Step ${step}`, ...expected.at(-1)!.slice(0, 2)]
          : [...expected.at(-1)!.slice(-3), `Step ${step}`];
      await edit(list.id, items);
      expected.push(items);
    }
    const first = await versions(list.id);
    expect(first.current).toBe(45);
    expect(first.versions.map((version) => version.number)).toEqual(Array.from({ length: 20 }, (_, i) => 45 - i));
    const second = await versions(list.id, `?before=${first.nextCursor}`);
    expect(second.versions[0]!.number).toBe(25);
    const last = await versions(list.id, `?before=${second.nextCursor}`);
    expect(last.versions.map((version) => version.number)).toEqual([5, 4, 3, 2, 1]);
    expect(last.nextCursor).toBeNull();
    // A page past the last version is empty, and still tells the version the list is at.
    expect(await versions(list.id, '?before=1')).toEqual({ versions: [], current: 45, nextCursor: null });
    for (const number of [1, 19, 20, 21, 39, 40, 45]) {
      expect(await versionEntries(list.id, number), `version ${number}`).toEqual(expected[number - 1]);
    }
  });
});

describe('restoring a version', () => {
  it('brings the entries back as a new version; an entry since removed comes back under its key', async () => {
    const list = await newList(['Tent', 'Stove', 'Map']);
    const keys = await keysOf(list.id);
    await completeItem(asReader, list, 0);
    await edit(list.id, [{ content: 'Tent', id: list.items[0]!.id }, 'Torch']);
    const response = await restore(list.id, 1);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ number: 3 });
    const restored = await detail(asOwner, list.id);
    expect(restored.items.map((item) => item.content)).toEqual(['Tent', 'Stove', 'Map']);
    expect(await keysOf(list.id)).toEqual(keys);
    // The entry that stayed kept its row, and the reader's completion of it.
    expect((await detail(asReader, list.id)).viewer.completedItemIds).toEqual([list.items[0]!.id]);
    const page = await versions(list.id);
    expect(page.versions[0]).toMatchObject({ number: 3, restoredFrom: 1 });
    expect(await versionEntries(list.id, 3)).toEqual(['Tent', 'Stove', 'Map']);
  });

  it('refuses the version the list is at already, and two restores at once apply once', async () => {
    const list = await newList(['Tent']);
    await edit(list.id, ['Tent', 'Stove']);
    const current = await restore(list.id, 2);
    expect(current.status).toBe(400);
    expect((await current.json()).message).toBe(versionMessages.alreadyCurrent);

    const both = await Promise.all([restore(list.id, 1), restore(list.id, 1)]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 400]);
    expect((await versions(list.id)).current).toBe(3);
  });

  it('finds no version the list does not have, and tells bad input apart', async () => {
    const list = await newList(['Tent']);
    for (const number of ['2', '99']) {
      const response = await asOwner.request(`/api/checklists/${list.id}/versions/${number}`);
      expect(response.status, number).toBe(404);
      expect((await restore(list.id, Number(number))).status, number).toBe(404);
    }
    expect(await (await restore(list.id, 99)).json()).toMatchObject({ message: versionMessages.notFound });
    for (const number of ['0', '-1', '1.5', 'abc', '99999999999']) {
      expect((await asOwner.request(`/api/checklists/${list.id}/versions/${number}`)).status, number).toBe(400);
    }
    expect((await asOwner.request(`/api/checklists/${list.id}/versions?before=x`)).status).toBe(400);
    expect((await asOwner.request('/api/checklists/not-a-uuid/versions')).status).toBe(404);
    expect((await asOwner.request('/api/checklists/not-a-uuid/versions/1')).status).toBe(404);
  });

  it('is the author’s alone: another user finds nothing, even on a public list', async () => {
    const list = await newList(['Tent']);
    await edit(list.id, ['Tent', 'Stove']);
    expect((await asReader.request(`/api/checklists/${list.id}/versions`)).status).toBe(404);
    // Not found as any private thing is, without telling which versions the list has.
    for (const number of [1, 99]) {
      const response = await asReader.request(`/api/checklists/${list.id}/versions/${number}`);
      expect(response.status).toBe(404);
      expect((await response.json()).message).not.toBe(versionMessages.notFound);
    }
    expect((await restore(list.id, 1, asReader)).status).toBe(404);
    expect((await detail(asOwner, list.id)).items.map((item) => item.content)).toEqual(['Tent', 'Stove']);
  });

  it('reads the versions, and a version, in one statement after the session’s, with whether the list is theirs', async () => {
    const list = await newList(['Tent']);
    await edit(list.id, ['Tent', 'Stove']);
    for (const [agent, status] of [
      [asOwner, 200],
      [asReader, 404],
    ] as const) {
      for (const path of ['versions', 'versions/1', 'versions/2']) {
        statements.length = 0;
        expect((await agent.request(`/api/checklists/${list.id}/${path}`)).status, path).toBe(status);
        expectSessionThenOneStatement(statements);
      }
    }
  });

  it('reads a list with no stored version, as from before versions began, as its version 1', async () => {
    const list = await newList(['Tent', 'Stove']);
    await t.db.execute(sql`delete from checklist_versions where checklist_id = ${list.id}`);
    const page = await versions(list.id);
    expect(page).toMatchObject({ current: 1, nextCursor: null });
    expect(page.versions).toEqual([
      expect.objectContaining({ number: 1, changes: [], entryCount: 2, restoredFrom: null }),
    ]);
    expect((await versions(list.id, '?before=1')).versions).toEqual([]);
    expect((await versions(list.id, '?before=2')).versions.map((version) => version.number)).toEqual([1]);
    expect(await versionEntries(list.id, 1)).toEqual(['Tent', 'Stove']);
    const missing = await asOwner.request(`/api/checklists/${list.id}/versions/2`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: versionMessages.notFound });
    expect((await asReader.request(`/api/checklists/${list.id}/versions/1`)).status).toBe(404);
    expect((await asReader.request(`/api/checklists/${list.id}/versions`)).status).toBe(404);
  });

  it('reading versions is rate limited per user: past the limit, 429 with Retry-After', async () => {
    const list = await newList(['Tent']);
    const [owner] = (
      await t.db.execute<{ id: string }>(sql`select author_id as id from checklists where id = ${list.id}`)
    ).rows;
    await t.db.execute(sql`
      insert into rate_limits (key, window_start, count)
      values (${rateKey('versionHistoryPerUser', owner!.id)}, now(), ${rateRules.versionHistoryPerUser.max})
      on conflict (key) do update set window_start = now(), count = excluded.count`);
    const refused = await asOwner.request(`/api/checklists/${list.id}/versions`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    await t.db.execute(sql`delete from rate_limits where key = ${rateKey('versionHistoryPerUser', owner!.id)}`);
  });
});

describe('clones know where their entries came from', () => {
  it('a clone’s entry names the entry it copies, and the clone the version it copied', async () => {
    const list = await newList(['Tent', 'Stove']);
    await edit(list.id, ['Tent', 'Stove', 'Map']);
    const response = await asReader.post(`/api/checklists/${list.id}/clone`, {});
    const clone = (await response.json()).id as string;
    const copied = await t.db.execute<{ source_key: string }>(
      sql`select source_key::text from checklist_items where checklist_id = ${clone} order by order_index`,
    );
    expect(copied.rows.map((row) => row.source_key)).toEqual((await keysOf(list.id)).map((entry) => entry.key));
    const record = await t.db.execute(
      sql`select base_version, reviewed_version from cloned_checklists where cloned_checklist_id = ${clone}`,
    );
    expect(record.rows).toEqual([{ base_version: 2, reviewed_version: 2 }]);
  });
});

describe('a chain with its middle deleted', () => {
  it('credits the clone to the nearest ancestor, entry by entry', async () => {
    const original = await newList(['Tent', 'Stove']);
    await edit(original.id, ['Tent', 'Stove', 'Maps']);
    await edit(original.id, ['Tent', 'Stove', 'Map']);
    const middle = (await (await asReader.post(`/api/checklists/${original.id}/clone`, {})).json()).id as string;
    const middleList = await detail(asReader, middle);
    const saved = await asReader.request(`/api/checklists/${middle}`, {
      method: 'PUT',
      json: {
        ...base,
        title: 'Camping',
        items: [...middleList.items.map(({ id, content }) => ({ id, content })), 'Midge net'],
      },
    });
    expect(saved.status).toBe(200);
    const last = (await (await asThird.post(`/api/checklists/${middle}/clone`, {})).json()).id as string;

    expect((await asReader.request(`/api/checklists/${middle}`, { method: 'DELETE' })).status).toBe(200);

    const record = await t.db.execute(sql`
      select original_checklist_id::text as original, base_version, reviewed_version
      from cloned_checklists where cloned_checklist_id = ${last}`);
    // The middle copied the original at its version 3; the last copied the middle at the middle's version 2.
    expect(record.rows).toEqual([{ original: original.id, base_version: 3, reviewed_version: 3 }]);
    const sources = await t.db.execute<{ content: string; source_key: string | null }>(
      sql`select content, source_key::text from checklist_items where checklist_id = ${last} order by order_index`,
    );
    const originalKeys = (await keysOf(original.id)).map((entry) => entry.key);
    expect(sources.rows).toEqual([
      { content: 'Tent', source_key: originalKeys[0] },
      { content: 'Stove', source_key: originalKeys[1] },
      { content: 'Map', source_key: originalKeys[2] },
      { content: 'Midge net', source_key: null },
    ]);
  });
});
