import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklistDetailSchema, type ChecklistDetail } from '../../src/domain/checklists/checklist-view';
import { upstreamMessages, upstreamSchema, type UpstreamReview } from '../../src/domain/checklists/upstream-review';
import { completeItem } from '../setup/completions';
import { createAppWithUsers } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';

const {
  t,
  users: { cloner },
  agents: { author: asAuthor, cloner: asCloner, third: asThird },
} = await createAppWithUsers({ author: {}, cloner: {}, third: {} });

const base = { description: 'Two nights away', tags: [], estimatedTime: '1 hour', difficulty: 'easy' };
type Entry = string | { content: string; note?: string; id?: string };

const detail = async (agent: Agent, id: string): Promise<ChecklistDetail> =>
  checklistDetailSchema.parse(await (await agent.request(`/api/checklists/${id}`)).json());
const contents = async (agent: Agent, id: string) => (await detail(agent, id)).items.map((item) => item.content);

async function newList(agent: Agent, items: Entry[]): Promise<string> {
  const response = await agent.post('/api/checklists', { ...base, title: 'Camping', items });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

async function edit(agent: Agent, id: string, items: Entry[]) {
  const response = await agent.request(`/api/checklists/${id}`, {
    method: 'PUT',
    json: { ...base, title: 'Camping', items },
  });
  expect(response.status).toBe(200);
}

/** Edits keeping each unchanged entry's id (as the editor does), by text. */
async function editKeeping(agent: Agent, id: string, items: string[], rewordings: Record<string, string> = {}) {
  const before = await detail(agent, id);
  const idOf = (content: string) => before.items.find((item) => item.content === content)?.id;
  const reworded = Object.fromEntries(Object.entries(rewordings).map(([to, from]) => [to, idOf(from)]));
  await edit(
    agent,
    id,
    items.map((content) => ({
      content,
      ...((reworded[content] ?? idOf(content)) ? { id: reworded[content] ?? idOf(content) } : {}),
    })),
  );
}

async function clone(agent: Agent, id: string): Promise<string> {
  const response = await agent.post(`/api/checklists/${id}/clone`, {});
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

async function review(agent: Agent, id: string): Promise<UpstreamReview | null> {
  const response = await agent.request(`/api/checklists/${id}/upstream`);
  expect(response.status).toBe(200);
  return upstreamSchema.parse(await response.json()).upstream;
}

const apply = (agent: Agent, id: string, toVersion: number, accept: string[]) =>
  agent.post(`/api/checklists/${id}/upstream/review`, { toVersion, accept });

const summary = (found: UpstreamReview | null) =>
  found?.changes.map((change) => `${change.op} ${(change.theirs ?? change.base)!.content}: ${change.status}`);

describe('a clone hears what its original changed', () => {
  it('offers each change three ways, applies those accepted, and keeps the owner’s edits and ticks', async () => {
    const original = await newList(asAuthor, ['Tent', 'Stove', 'Matches', 'Map']);
    const copy = await clone(asCloner, original);
    expect(await review(asCloner, copy)).toBeNull();
    await editKeeping(asCloner, copy, ['Tent', 'Stove', 'Matches', 'Map', 'Midge net']);
    const mine = await detail(asCloner, copy);
    await completeItem(asCloner, mine, 0);

    await editKeeping(asAuthor, original, ['Tent', 'Pegs', 'Camping stove', 'Map', 'Torch'], {
      'Camping stove': 'Stove',
    });
    const found = await review(asCloner, copy);
    expect(found).toMatchObject({ fromVersion: 1, toVersion: 2, original: { id: original, title: 'Camping' } });
    expect(summary(found)).toEqual([
      'remove Matches: clean',
      'reword Camping stove: clean',
      'add Pegs: clean',
      'add Torch: clean',
    ]);
    const stove = found!.changes.find((change) => change.op === 'reword')!;
    expect(stove).toMatchObject({
      base: { content: 'Stove' },
      theirs: { content: 'Camping stove' },
      mine: { content: 'Stove' },
    });

    const accepted = found!.changes.filter((change) => change.op !== 'add' || change.theirs!.content === 'Pegs');
    const applied = await apply(
      asCloner,
      copy,
      found!.toVersion,
      accepted.map((change) => change.id),
    );
    expect(applied.status).toBe(200);
    expect(await applied.json()).toEqual({ applied: 3, reviewedVersion: 2 });
    expect(await contents(asCloner, copy)).toEqual(['Tent', 'Pegs', 'Camping stove', 'Map', 'Midge net']);
    const after = await detail(asCloner, copy);
    expect(after.viewer.completedItemIds).toEqual([mine.items[0]!.id]);
    // Skipped changes are seen: nothing is offered again until the original changes again.
    expect(await review(asCloner, copy)).toBeNull();
  });

  it('shows a change both sides made as a conflict, and accepting it takes the original’s', async () => {
    const original = await newList(asAuthor, ['Tent', 'Stove']);
    const copy = await clone(asCloner, original);
    await editKeeping(asCloner, copy, ['Tent', 'Gas stove'], { 'Gas stove': 'Stove' });
    await editKeeping(asAuthor, original, ['Tent', 'Camping stove'], { 'Camping stove': 'Stove' });
    const found = await review(asCloner, copy);
    expect(summary(found)).toEqual(['reword Camping stove: conflict']);
    expect(found!.changes[0]).toMatchObject({ mine: { content: 'Gas stove' } });
    expect((await apply(asCloner, copy, found!.toVersion, [found!.changes[0]!.id])).status).toBe(200);
    expect(await contents(asCloner, copy)).toEqual(['Tent', 'Camping stove']);
  });

  it('applies one review once: a second (another tab) is told, and a forged version is not found', async () => {
    const original = await newList(asAuthor, ['Tent']);
    const copy = await clone(asCloner, original);
    await edit(asAuthor, original, ['Tent', 'Pegs']);
    const found = (await review(asCloner, copy))!;
    const ids = found.changes.map((change) => change.id);
    const both = await Promise.all([apply(asCloner, copy, 2, ids), apply(asCloner, copy, 2, ids)]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 400]);
    const refused = both.find((response) => response.status === 400)!;
    expect((await refused.json()).message).toBe(upstreamMessages.alreadyReviewed);
    expect(await contents(asCloner, copy)).toEqual(['Tent', 'Pegs']);
    expect((await apply(asCloner, copy, 2, ids)).status).toBe(400);
    expect(await (await apply(asCloner, copy, 99, ids)).json()).toMatchObject({ message: upstreamMessages.notFound });
    for (const body of [{ toVersion: 0, accept: [] }, { toVersion: 3 }, { toVersion: 3, accept: 'all' }, {}]) {
      expect((await asCloner.post(`/api/checklists/${copy}/upstream/review`, body)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
  });

  it('is the clone owner’s alone', async () => {
    const original = await newList(asAuthor, ['Tent']);
    const copy = await clone(asCloner, original);
    await edit(asAuthor, original, ['Tent', 'Pegs']);
    expect((await asThird.request(`/api/checklists/${copy}/upstream`)).status).toBe(404);
    expect((await apply(asThird, copy, 2, [])).status).toBe(404);
    expect((await asAuthor.request(`/api/checklists/${copy}/upstream`)).status).toBe(404);
    // The original itself is no clone: nothing to review.
    expect(await review(asAuthor, original)).toBeNull();
  });

  it('works along a chain whose middle is deleted: the last hears from the first', async () => {
    const first = await newList(asAuthor, ['Tent', 'Stove']);
    const middle = await clone(asCloner, first);
    const last = await clone(asThird, middle);
    expect((await asCloner.request(`/api/checklists/${middle}`, { method: 'DELETE' })).status).toBe(200);
    await editKeeping(asAuthor, first, ['Tent', 'Big stove'], { 'Big stove': 'Stove' });
    const found = await review(asThird, last);
    expect(found?.original.id).toBe(first);
    expect(summary(found)).toEqual(['reword Big stove: clean']);
    expect((await apply(asThird, last, found!.toVersion, [found!.changes[0]!.id])).status).toBe(200);
    expect(await contents(asThird, last)).toEqual(['Tent', 'Big stove']);
  });
});

describe('the owner of a clone is notified', () => {
  const upstreamNotifications = async (userId: string) =>
    (
      await t.db.execute<{ checklist_id: string; message: string }>(
        sql`select checklist_id::text, message from notifications where user_id = ${userId} and type = 'upstream'`,
      )
    ).rows;

  it('once a day per clone, unless they turned it off', async () => {
    await t.db.execute(sql`delete from notifications where type = 'upstream'`);
    const original = await newList(asAuthor, ['Tent']);
    const copy = await clone(asCloner, original);
    await edit(asAuthor, original, ['Tent', 'Pegs']);
    await edit(asAuthor, original, ['Tent', 'Pegs', 'Map']);
    const notified = await upstreamNotifications(cloner.id);
    expect(notified).toHaveLength(1);
    expect(notified[0]!.checklist_id).toBe(copy);
    expect(notified[0]!.message).toMatch(/changed the original of your list “Camping”$/);

    const quiet = await clone(asCloner, original);
    const settings = await asCloner.request('/api/accounts/me/settings', {
      method: 'PATCH',
      json: { upstreamNotifications: false },
    });
    expect(settings.status).toBe(200);
    await edit(asAuthor, original, ['Tent']);
    expect((await upstreamNotifications(cloner.id)).map((row) => row.checklist_id)).not.toContain(quiet);
    await asCloner.request('/api/accounts/me/settings', { method: 'PATCH', json: { upstreamNotifications: true } });
  });

  it('not by an author they blocked', async () => {
    const original = await newList(asAuthor, ['Tent']);
    const copy = await clone(asCloner, original);
    const [author] = (
      await t.db.execute<{ id: string }>(sql`select author_id as id from checklists where id = ${original}`)
    ).rows;
    await t.db.execute(sql`insert into blocks (blocker_id, blocked_id) values (${cloner.id}, ${author!.id})`);
    await edit(asAuthor, original, ['Tent', 'Pegs']);
    expect((await upstreamNotifications(cloner.id)).map((row) => row.checklist_id)).not.toContain(copy);
    await t.db.execute(sql`delete from blocks where blocker_id = ${cloner.id}`);
  });
});
