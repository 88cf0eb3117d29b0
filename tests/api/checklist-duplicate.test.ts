import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checklistActionMessages } from '../../src/domain/checklists/checklist-actions';
import { duplicateTitle, MAX_TITLE_LENGTH } from '../../src/domain/checklists/checklist-fields';
import { checklistDetailSchema, type ChecklistDetail } from '../../src/domain/checklists/checklist-view';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// Duplicate: the author's own private copy of their list, which opens as a new list of theirs.

let t: TestApp;
let owner: CreatedUser;
let other: CreatedUser;
let asOwner: Agent;
let asOther: Agent;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db);
  other = await createUser(t.db);
  asOwner = await signedInAgent(t, owner);
  asOther = await signedInAgent(t, other);
});

const detail = async (agent: Agent, id: string): Promise<ChecklistDetail> =>
  checklistDetailSchema.parse(await (await agent.request(`/api/checklists/${id}`)).json());

async function duplicate(agent: Agent, id: string) {
  return agent.request(`/api/checklists/${id}/duplicate`, { method: 'POST' });
}

describe('duplicate', () => {
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
    expect((await asOther.request(`/api/checklists/${id}`)).status).toBe(404);
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
    const shared = await makeChecklist(t.db, other.id);
    const refused = await duplicate(asOwner, shared.id);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(checklistActionMessages.duplicateOwn);
    const hidden = await makeChecklist(t.db, other.id, { isPublic: false });
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
