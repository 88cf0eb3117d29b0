import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklistActionMessages } from '../../src/domain/checklists/checklist-actions';
import { duplicateTitle, MAX_TITLE_LENGTH } from '../../src/domain/checklists/checklist-fields';
import { checklistDetailSchema, type ChecklistDetail } from '../../src/domain/checklists/checklist-view';
import { checklistItemCompletions, checklists } from '../../src/server/db/schema';
import { makeChecklist } from '../../src/server/seed/factories';
import { createAppWithUsers } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';

const {
  t,
  users: { owner, reader },
  agents: { owner: asOwner, reader: asReader },
} = await createAppWithUsers({ owner: {}, reader: {} });

const input = {
  title: '  Road trip  ',
  description: ' Before a long drive ',
  items: ['  Check tyres ', 'Top up oil', 'Pack snacks'],
  tags: [' car ', 'travel', 'Car'],
  estimatedTime: '30 minutes',
  difficulty: 'easy',
};

const detail = async (agent: Agent, id: string): Promise<ChecklistDetail> =>
  checklistDetailSchema.parse(await (await agent.request(`/api/checklists/${id}`)).json());

/** The detail of the list that `created` (a create's or a clone's response, which must be a 201) made. */
async function detailOfNew(agent: Agent, created: Response): Promise<ChecklistDetail> {
  expect(created.status).toBe(201);
  return detail(agent, (await created.json()).id);
}

describe('create', () => {
  it('saves a public list with trimmed items and tags in order, numbered from 1', async () => {
    const saved = await detailOfNew(asOwner, await asOwner.post('/api/checklists', input));
    expect(saved).toMatchObject({
      title: 'Road trip',
      description: 'Before a long drive',
      isPublic: true,
      estimatedTime: '30 minutes',
      difficulty: 'easy',
      tags: ['car', 'travel'],
    });
    expect(saved.items.map((item) => [item.orderIndex, item.content])).toEqual([
      [1, 'Check tyres'],
      [2, 'Top up oil'],
      [3, 'Pack snacks'],
    ]);
  });

  it('responds to text PostgreSQL cannot store with a 400, never a 500', async () => {
    const response = await asOwner.post('/api/checklists', { ...input, title: 'Bad\u0000title' });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors.title).toBe(
      'Text cannot contain line breaks, control characters or text-direction overrides.',
    );
    expect((await t.agent().request('/api/checklists?tag=%00')).status).toBe(200);
  });

  it('refuses an invalid list with the spec messages', async () => {
    const response = await asOwner.post('/api/checklists', { ...input, title: ' ', items: ['ok', '  '] });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      title: 'Title is required.',
      'items.1': 'All items must be filled.',
    });
  });
});

describe('edit', () => {
  it('replaces fields, items and tags, keeping the ids (and everyone’s completions) of unchanged items', async () => {
    const list = await makeChecklist(t.db, owner.id, { items: ['Tent', 'Stove', 'Torch'], tags: ['camping'] });
    const [tent, stove, torch] = list.items;
    for (const item of [tent!, stove!, torch!]) {
      await t.db
        .insert(checklistItemCompletions)
        .values({ userId: reader.id, checklistItemId: item.id, checklistId: list.id });
    }
    const response = await asOwner.request(`/api/checklists/${list.id}`, {
      method: 'PUT',
      json: { ...input, items: ['Torch', 'Tent', 'Sleeping bag'], tags: ['outdoors'] },
    });
    expect(response.status).toBe(200);
    const edited = await detail(asReader, list.id);
    expect(edited.items.map((item) => item.content)).toEqual(['Torch', 'Tent', 'Sleeping bag']);
    expect(edited.items[0]!.id).toBe(torch!.id);
    expect(edited.items[1]!.id).toBe(tent!.id);
    expect(edited.tags).toEqual(['outdoors']);
    expect(new Set(edited.viewer.completedItemIds)).toEqual(new Set([torch!.id, tent!.id]));
    expect(edited.uses).toBe(1);
  });

  it('says "You can only modify your own checklists" to someone else', async () => {
    const list = await makeChecklist(t.db, owner.id);
    const response = await asReader.request(`/api/checklists/${list.id}`, { method: 'PUT', json: input });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe(checklistActionMessages.modifyOwn);
  });
});

describe('tag order', () => {
  const tags = (result: { tags: string[] }) => result.tags;
  const cardTags = async (title: string) => {
    const page = await (await asReader.request(`/api/checklists?q=${encodeURIComponent(title)}`)).json();
    return page.checklists.find((card: { title: string }) => card.title === title).tags;
  };

  it('keeps the author’s order on the detail page, the cards, an edit, a clone and the account export', async () => {
    const title = 'Zqtagorder picnic';
    const created = await detailOfNew(
      asOwner,
      await asOwner.post('/api/checklists', { ...input, title, tags: ['gamma', 'Alpha', 'delta', 'beta'] }),
    );
    expect(tags(created)).toEqual(['gamma', 'Alpha', 'delta', 'beta']);
    expect(await cardTags(title)).toEqual(['gamma', 'Alpha', 'delta', 'beta']);

    const edited = await asOwner.request(`/api/checklists/${created.id}`, {
      method: 'PUT',
      json: { ...input, title, tags: ['beta', 'gamma', 'Alpha'] },
    });
    expect(edited.status).toBe(200);
    expect(tags(await detail(asReader, created.id))).toEqual(['beta', 'gamma', 'Alpha']);
    expect(await cardTags(title)).toEqual(['beta', 'gamma', 'Alpha']);

    const clone = await detailOfNew(asReader, await asReader.post(`/api/checklists/${created.id}/clone`, {}));
    expect(tags(clone)).toEqual(['beta', 'gamma', 'Alpha']);

    const exported = await (await asOwner.request('/api/accounts/me/export')).json();
    expect(exported.checklists.find((list: { id: string }) => list.id === created.id).tags).toEqual([
      'beta',
      'gamma',
      'Alpha',
    ]);
  });
});

describe('delete and visibility', () => {
  it('deletes only one’s own lists, with the spec message otherwise', async () => {
    const list = await makeChecklist(t.db, owner.id);
    const refused = await asReader.request(`/api/checklists/${list.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(checklistActionMessages.deleteOwn);
    expect((await asOwner.request(`/api/checklists/${list.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await asOwner.request(`/api/checklists/${list.id}`)).status).toBe(404);
  });

  it('makes a list private: it disappears for others and stays for the owner', async () => {
    const list = await makeChecklist(t.db, owner.id);
    expect(
      (await asOwner.request(`/api/checklists/${list.id}/visibility`, { method: 'PATCH', json: { isPublic: false } }))
        .status,
    ).toBe(200);
    expect((await asReader.request(`/api/checklists/${list.id}`)).status).toBe(404);
    expect((await detail(asOwner, list.id)).isPublic).toBe(false);
  });

  it('bulk: one call changes the owner’s lists and reports the rest with the spec messages', async () => {
    const mine = [await makeChecklist(t.db, owner.id), await makeChecklist(t.db, owner.id)];
    const theirs = await makeChecklist(t.db, reader.id);
    const ids = [mine[0]!.id, mine[1]!.id, theirs.id, 'not-an-id'];

    const hidden = await (await asOwner.post('/api/checklists/bulk-visibility', { ids, isPublic: false })).json();
    expect(new Set(hidden.succeeded)).toEqual(new Set([mine[0]!.id, mine[1]!.id]));
    expect(hidden.failed).toEqual([theirs.id, 'not-an-id']);
    expect(hidden.message).toBe(checklistActionMessages.bulkVisibilityFailed);
    const rows = await t.db
      .select({ isPublic: checklists.isPublic })
      .from(checklists)
      .where(eq(checklists.id, theirs.id));
    expect(rows[0]!.isPublic).toBe(true);

    const deleted = await (await asOwner.post('/api/checklists/bulk-delete', { ids })).json();
    expect(new Set(deleted.succeeded)).toEqual(new Set([mine[0]!.id, mine[1]!.id]));
    expect(deleted.message).toBe(checklistActionMessages.bulkDeleteFailed);
    expect((await asReader.request(`/api/checklists/${theirs.id}`)).status).toBe(200);

    const upper = await makeChecklist(t.db, owner.id);
    const shouted = await (await asOwner.post('/api/checklists/bulk-delete', { ids: [upper.id.toUpperCase()] })).json();
    expect(shouted).toEqual({ succeeded: [upper.id], failed: [] });

    const clean = await (
      await asOwner.post('/api/checklists/bulk-delete', { ids: [(await makeChecklist(t.db, owner.id)).id] })
    ).json();
    expect(clean.failed).toEqual([]);
    expect(clean.message).toBeUndefined();
  });
});

describe('clone', () => {
  it('copies the list into a new public one of the cloner, records the link and counts it', async () => {
    const original = await makeChecklist(t.db, owner.id, {
      title: 'Moving house',
      items: ['Boxes', 'Tape'],
      tags: ['moving house'],
      difficulty: 'hard',
      estimatedTime: '2+ hours',
      isPublic: true,
    });
    const copy = await detailOfNew(asReader, await asReader.post(`/api/checklists/${original.id}/clone`, {}));
    expect(copy).toMatchObject({
      title: 'Moving house',
      difficulty: 'hard',
      estimatedTime: '2+ hours',
      tags: ['moving house'],
      isPublic: true,
      clonedFrom: { id: original.id, title: 'Moving house' },
    });
    expect(copy.viewer.isOwner).toBe(true);
    expect(copy.items.map((item) => item.content)).toEqual(['Boxes', 'Tape']);
    expect((await detail(asReader, original.id)).clones).toBe(1);
  });

  it('links the original only while the reader may see it', async () => {
    const original = await makeChecklist(t.db, owner.id, { title: 'Soon private' });
    const { id } = await (await asReader.post(`/api/checklists/${original.id}/clone`, {})).json();
    await asOwner.request(`/api/checklists/${original.id}/visibility`, { method: 'PATCH', json: { isPublic: false } });
    expect((await detail(asReader, id)).clonedFrom).toEqual({ id: null, title: 'Soon private', originallyBy: null });
  });

  it('refuses to clone one’s own list, as it refuses to like it: 403 forbidden', async () => {
    const list = await makeChecklist(t.db, owner.id);
    const clone = await asOwner.post(`/api/checklists/${list.id}/clone`, {});
    const like = await asOwner.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    // One rule (canClone, canLike: "not on your own list"), one response; a drift of either fails here.
    expect({ status: clone.status, body: await clone.json() }).toEqual({
      status: 403,
      body: { message: 'You cannot clone your own checklist.', code: 'forbidden' },
    });
    expect({ status: like.status, body: await like.json() }).toEqual({
      status: 403,
      body: { message: 'You cannot like your own list.', code: 'forbidden' },
    });
  });
});

describe('duplicate', () => {
  const duplicate = (agent: Agent, id: string) => agent.request(`/api/checklists/${id}/duplicate`, { method: 'POST' });

  it('makes the owner a private copy titled "(copy)" with the same details, items and tags in order', async () => {
    const original = await makeChecklist(t.db, owner.id, {
      title: 'Packing for a week',
      description: 'Clothes and kit',
      items: ['Passport', 'Charger', 'Socks'],
      tags: ['travel', 'Abroad'],
      estimatedTime: '30 minutes',
      difficulty: 'hard',
    });
    const response = await duplicate(asOwner, original.id);
    expect(response.status).toBe(201);
    const { id } = await response.json();
    expect(id).not.toBe(original.id);
    const copy = await detail(asOwner, id);
    expect(copy).toMatchObject({
      title: 'Packing for a week (copy)',
      description: 'Clothes and kit',
      estimatedTime: '30 minutes',
      difficulty: 'hard',
      visibility: 'private',
      tags: ['travel', 'Abroad'],
      clonedFrom: null,
    });
    expect(copy.items.map((item) => [item.orderIndex, item.content])).toEqual([
      [1, 'Passport'],
      [2, 'Charger'],
      [3, 'Socks'],
    ]);
    // A copy of one's own, private: nobody else sees it.
    expect((await asReader.request(`/api/checklists/${id}`)).status).toBe(404);
  });

  it('is not a clone: the original counts no clone, records no link and notifies nobody', async () => {
    const original = await makeChecklist(t.db, owner.id, { title: 'Not a clone' });
    const { id } = await (await duplicate(asOwner, original.id)).json();
    const counts = await t.db.execute<{ clones_count: number; links: number; notices: number }>(sql`
      select c.clones_count,
        (select count(*)::int from cloned_checklists where cloned_checklist_id = ${id}) as links,
        (select count(*)::int from notifications where checklist_id = ${original.id}) as notices
      from checklists c where c.id = ${original.id}`);
    expect(counts.rows[0]).toEqual({ clones_count: 0, links: 0, notices: 0 });
  });

  it('copies an unlisted or private list into a private one', async () => {
    for (const visibility of ['unlisted', 'private'] as const) {
      const original = await makeChecklist(t.db, owner.id, { visibility });
      const response = await duplicate(asOwner, original.id);
      expect(response.status).toBe(201);
      const copy = await detail(asOwner, (await response.json()).id);
      expect(copy.visibility).toBe('private');
    }
  });

  it('refuses someone else’s list: Clone is theirs to use, and a private one is not found', async () => {
    const shared = await makeChecklist(t.db, reader.id);
    const refused = await duplicate(asOwner, shared.id);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(checklistActionMessages.duplicateOwn);
    const hidden = await makeChecklist(t.db, reader.id, { isPublic: false });
    expect((await duplicate(asOwner, hidden.id)).status).toBe(404);
  });

  it('responds 404 to an id that is no list, however it is written, never a 500', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '%00', 'x'.repeat(500)]) {
      expect((await duplicate(asOwner, id)).status, id).toBe(404);
    }
  });

  it('keeps a long title within the limit, shortened at a word', async () => {
    const long = `${'Weekly '.repeat(16)}review`.slice(0, MAX_TITLE_LENGTH);
    const original = await makeChecklist(t.db, owner.id, { title: long });
    const copy = await detail(asOwner, (await (await duplicate(asOwner, original.id)).json()).id);
    expect(copy.title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(copy.title).toBe(duplicateTitle(long));
    expect(copy.title).toMatch(/^Weekly( Weekly)* \(copy\)$/);
  });
});

describe('likes and completions', () => {
  it('likes once, unlikes, and never one’s own list', async () => {
    const list = await makeChecklist(t.db, owner.id);
    expect(await (await asReader.request(`/api/checklists/${list.id}/like`, { method: 'PUT' })).json()).toEqual({
      likes: 1,
      hasLiked: true,
    });
    expect(await (await asReader.request(`/api/checklists/${list.id}/like`, { method: 'PUT' })).json()).toEqual({
      likes: 1,
      hasLiked: true,
    });
    expect(await (await asReader.request(`/api/checklists/${list.id}/like`, { method: 'DELETE' })).json()).toEqual({
      likes: 0,
      hasLiked: false,
    });
    const own = await asOwner.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    expect(own.status).toBe(403);
    expect((await own.json()).message).toBe('You cannot like your own list.');
  });

  it('counts a use at the first completion, keeps it while any item is completed, and after Start again', async () => {
    const list = await makeChecklist(t.db, owner.id, { items: ['a', 'b'] });
    const tick = (itemIndex: number, method: 'PUT' | 'DELETE') =>
      asReader
        .request(`/api/checklists/${list.id}/items/${list.items[itemIndex]!.id}/done`, { method })
        .then((r) => r.json());
    expect(await tick(0, 'PUT')).toMatchObject({ uses: 1, completedItemIds: [list.items[0]!.id] });
    expect((await tick(1, 'PUT')).uses).toBe(1);
    expect((await tick(0, 'DELETE')).completedItemIds).toEqual([list.items[1]!.id]);
    const reset = await (await asReader.request(`/api/checklists/${list.id}/progress`, { method: 'DELETE' })).json();
    // Start again closes the run into the history: the user has used the list, and the use stays.
    expect(reset).toMatchObject({ uses: 1, completedItemIds: [], runs: { closed: 1, closedCompleted: 0 } });
  });

  it('responds 404 for an item of another list', async () => {
    const [first, second] = [await makeChecklist(t.db, owner.id), await makeChecklist(t.db, owner.id)];
    const response = await asReader.request(`/api/checklists/${first.id}/items/${second.items[0]!.id}/done`, {
      method: 'PUT',
    });
    expect(response.status).toBe(404);
  });
});
