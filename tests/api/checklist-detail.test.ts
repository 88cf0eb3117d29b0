import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checklistDetailSchema } from '../../src/domain/checklists/checklist-view';
import { noRuns } from '../../src/domain/checklists/runs';
import { checklistItemCompletions, checklistLikes, checklists, clonedChecklists } from '../../src/server/db/schema';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

let t: TestApp;
let owner: CreatedUser;
let other: CreatedUser;
let callers: Record<'visitor' | 'other' | 'owner', Agent>;
/** The SQL the app sends, one entry a statement, whitespace folded. */
let statements: string[] = [];

beforeAll(async () => {
  const database = await createTestDatabase({ onQuery: (query) => statements.push(query.replace(/\s+/g, ' ').trim()) });
  t = await createTestApp({ db: database.db });
  owner = await createUser(t.db, { username: 'list_owner', profileName: 'Olive', avatarUrl: '🦉' });
  other = await createUser(t.db, { username: 'list_reader' });
  callers = { visitor: t.agent(), other: await signedInAgent(t, other), owner: await signedInAgent(t, owner) };
});

describe('GET /api/checklists/:id', () => {
  it.each([
    ['public', true, { visitor: 200, other: 200, owner: 200 }],
    ['private', false, { visitor: 404, other: 404, owner: 200 }],
  ] as const)('a %s list: who may read it', async (_label, isPublic, expected) => {
    const list = await makeChecklist(t.db, owner.id, { isPublic });
    for (const [caller, status] of Object.entries(expected)) {
      const response = await callers[caller as keyof typeof callers].request(`/api/checklists/${list.id}`);
      expect(response.status, caller).toBe(status);
    }
  });

  it('responds 404 for an unknown id and for something that is not an id', async () => {
    expect((await callers.visitor.request('/api/checklists/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const response = await callers.visitor.request("/api/checklists/not-a-uuid'--");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Checklist Not Found', code: 'not_found' });
  });

  it('returns the list with author, ordered items, tags and counts, and what the viewer has done', async () => {
    const list = await makeChecklist(t.db, owner.id, {
      title: 'Camping weekend',
      items: ['Tent', 'Stove', 'Torch'],
      tags: ['outdoors', 'camping'],
      estimatedTime: null,
      difficulty: 'hard',
    });
    await t.db.insert(checklistLikes).values({ checklistId: list.id, userId: other.id });
    await t.db
      .insert(checklistItemCompletions)
      .values({ userId: other.id, checklistItemId: list.items[1]!.id, checklistId: list.id });

    const body = checklistDetailSchema.parse(await (await callers.other.request(`/api/checklists/${list.id}`)).json());
    expect(body).toMatchObject({
      title: 'Camping weekend',
      author: 'Olive',
      authorAvatar: '🦉',
      authorUsername: 'list_owner',
      estimatedTime: 'Unknown',
      difficulty: 'hard',
      tags: ['outdoors', 'camping'],
      uses: 1,
      likes: 1,
      clones: 0,
      clonedFrom: null,
      viewer: { isOwner: false, hasLiked: true, completedItemIds: [list.items[1]!.id] },
    });
    expect(body.items.map((item) => [item.content, item.orderIndex])).toEqual([
      ['Tent', 1],
      ['Stove', 2],
      ['Torch', 3],
    ]);
    const asOwner = checklistDetailSchema.parse(
      await (await callers.owner.request(`/api/checklists/${list.id}`)).json(),
    );
    expect(asOwner.viewer).toEqual({ isOwner: true, hasLiked: false, completedItemIds: [], runs: noRuns });
  });

  it("sends every entry's text exactly as written, as JSON, and a list without entries as none", async () => {
    const entries = [
      { kind: 'heading' as const, content: 'Avant de partir: «prêt» 🏕️', note: '' },
      { kind: 'item' as const, content: 'Say "hi" \\ wave', note: 'Line one\nLine two\twith a tab </script>' },
      { kind: 'item' as const, content: '日本語 and \u2028 too', note: '' },
    ];
    const list = await makeChecklist(t.db, owner.id, { items: entries });
    const response = await callers.visitor.request(`/api/checklists/${list.id}`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = checklistDetailSchema.parse(await response.json());
    expect(body.items.map(({ kind, content, note }) => ({ kind, content, note }))).toEqual(entries);
    expect(body.items.map((item) => item.id)).toEqual(list.items.map((item) => item.id));

    const empty = await makeChecklist(t.db, owner.id, { items: [] });
    const none = checklistDetailSchema.parse(
      await (await callers.visitor.request(`/api/checklists/${empty.id}`)).json(),
    );
    expect(none.items).toEqual([]);
  });

  it('names the original of a clone, and keeps its title once the original is gone', async () => {
    const original = await makeChecklist(t.db, owner.id, { title: 'Moving house' });
    const copy = await makeChecklist(t.db, other.id, { title: 'Moving house' });
    await t.db.insert(clonedChecklists).values({
      originalChecklistId: original.id,
      originalTitle: 'Moving house',
      clonedChecklistId: copy.id,
      clonedBy: other.id,
    });
    const before = await (await callers.visitor.request(`/api/checklists/${copy.id}`)).json();
    expect(before.clonedFrom).toEqual({ id: original.id, title: 'Moving house', originallyBy: null });
    await t.db.delete(checklists).where(eq(checklists.id, original.id));
    const after = await (await callers.visitor.request(`/api/checklists/${copy.id}`)).json();
    expect(after.clonedFrom).toEqual({ id: null, title: 'Moving house', originallyBy: null });
  });

  it("reads a visitor's detail in one statement that reads none of a viewer's likes, completions or runs", async () => {
    const list = await makeChecklist(t.db, owner.id, { items: ['Map', 'Compass'] });
    await t.db.insert(checklistLikes).values({ checklistId: list.id, userId: other.id });
    await t.db
      .insert(checklistItemCompletions)
      .values({ userId: other.id, checklistItemId: list.items[0]!.id, checklistId: list.id });
    const viewerTables = /checklist_likes|checklist_item_completions|checklist_runs/;

    statements = [];
    const asVisitor = checklistDetailSchema.parse(
      await (await callers.visitor.request(`/api/checklists/${list.id}`)).json(),
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]).not.toMatch(viewerTables);
    expect(asVisitor.viewer).toEqual({ isOwner: false, hasLiked: false, completedItemIds: [], runs: noRuns });

    // A signed-in reader's statement reads all three, and finds their like and completion.
    statements = [];
    const asOther = checklistDetailSchema.parse(
      await (await callers.other.request(`/api/checklists/${list.id}`)).json(),
    );
    const detail = statements.filter((query) => query.includes('as completed_item_ids'));
    expect(detail).toHaveLength(1);
    for (const table of ['checklist_likes', 'checklist_item_completions', 'checklist_runs']) {
      expect(detail[0]).toContain(table);
    }
    expect(asOther.viewer).toMatchObject({ hasLiked: true, completedItemIds: [list.items[0]!.id] });
  });
});
