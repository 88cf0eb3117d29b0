import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { commentMessages } from '../../src/domain/checklists/comments';
import type * as Permissions from '../../src/domain/permissions';
import { checklistComments } from '../../src/server/db/schema';
import { makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { callers, type Caller } from '../setup/callers';
import { createCallers, stateOf, visibilities } from '../setup/checklist-authorization';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// Every decision is the server asking a rule of permissions.ts: a test may make one refuse, to see
// that the server asked it (and did nothing) rather than deciding by itself.
const refusedRules = vi.hoisted(() => new Set<string>());
vi.mock('../../src/domain/permissions', async (importOriginal) => {
  const rules = await importOriginal<typeof Permissions>();
  const refusable =
    <Args extends unknown[]>(name: string, rule: (...args: Args) => boolean) =>
    (...args: Args) =>
      !refusedRules.has(name) && rule(...args);
  return {
    ...rules,
    canComment: refusable('canComment', rules.canComment),
    canDelete: refusable('canDelete', rules.canDelete),
    canEdit: refusable('canEdit', rules.canEdit),
  };
});

/** Runs `call` while the named rule refuses everyone. */
async function whileRefusing<T>(rule: string, call: () => Promise<T>): Promise<T> {
  refusedRules.add(rule);
  try {
    return await call();
  } finally {
    refusedRules.delete(rule);
  }
}

let t: TestApp;
let owner: CreatedUser;
let other: CreatedUser;
let agents: Record<Caller, Agent>;
beforeAll(async () => {
  t = await createTestApp();
  ({ owner, other, agents } = await createCallers(t));
});

describe('comments belong to their author', () => {
  it.each([
    ['edit', 'PATCH', { content: 'Changed' }, { visitor: 401, other: 403, owner: 200 }],
    ['delete', 'DELETE', undefined, { visitor: 401, other: 403, owner: 200 }],
  ] as const)('%s a comment on a public list', async (_name, method, json, expected) => {
    for (const caller of callers) {
      const list = await makeChecklist(t.db, owner.id);
      const comment = await (
        await agents.owner.post(`/api/checklists/${list.id}/comments`, { content: 'Mine' })
      ).json();
      const response = await agents[caller].request(`/api/comments/${comment.id}`, { method, json });
      expect(response.status, caller).toBe(expected[caller]);
    }
  });

  it('a comment on a private list is not found for others', async () => {
    const list = await makeChecklist(t.db, owner.id, { isPublic: false });
    const comment = await (await agents.owner.post(`/api/checklists/${list.id}/comments`, { content: 'Mine' })).json();
    expect((await agents.other.request(`/api/comments/${comment.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('bulk actions touch only the caller’s own lists', () => {
  const missingId = '00000000-0000-4000-8000-000000000000';
  const bulkCalls = [
    ['bulk delete', '/api/checklists/bulk-delete', {}, 'Failed to delete some checklists'],
    // Asking for private, which every list of the table's other visibilities would change to.
    [
      'bulk visibility',
      '/api/checklists/bulk-visibility',
      { isPublic: false },
      'Failed to update visibility for some checklists',
    ],
  ] as const;

  for (const [name, path, extra, message] of bulkCalls) {
    it(`${name}: someone else’s list is left as it was and reported as a missing one is`, async () => {
      const own = await makeChecklist(t.db, other.id, { visibility: 'unlisted' });
      const theirs = await Promise.all(visibilities.map((visibility) => makeChecklist(t.db, owner.id, { visibility })));
      const before = await Promise.all(theirs.map((list) => stateOf(t, list.id)));
      const ids = [own.id, ...theirs.map((list) => list.id), missingId];
      const response = await agents.other.post(path, { ids, ...extra });
      expect(response.status).toBe(200);
      // Not yours and not there get one response, as a single delete or edit gives for a list it cannot see.
      expect(await response.json()).toEqual({
        succeeded: [own.id],
        failed: [...theirs.map((list) => list.id), missingId],
        message,
      });
      expect(await Promise.all(theirs.map((list) => stateOf(t, list.id)))).toEqual(before);
    });
  }

  it('bulk delete asks canDelete of each list: refused, the owner’s own list stays', async () => {
    const list = await makeChecklist(t.db, owner.id);
    const before = await stateOf(t, list.id);
    const response = await whileRefusing('canDelete', () =>
      agents.owner.post('/api/checklists/bulk-delete', { ids: [list.id] }),
    );
    expect(await response.json()).toMatchObject({ succeeded: [], failed: [list.id] });
    expect(await stateOf(t, list.id)).toEqual(before);
  });

  it('bulk visibility asks canEdit of each list: refused, the owner’s own list stays as it was', async () => {
    const list = await makeChecklist(t.db, owner.id);
    const before = await stateOf(t, list.id);
    const response = await whileRefusing('canEdit', () =>
      agents.owner.post('/api/checklists/bulk-visibility', { ids: [list.id], isPublic: false }),
    );
    expect(await response.json()).toMatchObject({ succeeded: [], failed: [list.id] });
    expect(await stateOf(t, list.id)).toEqual(before);
  });
});

describe('commenting asks canComment', () => {
  it('when it says no, the comment is refused (403) and nothing is written', async () => {
    const list = await makeChecklist(t.db, owner.id);
    const response = await whileRefusing('canComment', () =>
      agents.other.post(`/api/checklists/${list.id}/comments`, { content: 'Nice' }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: commentMessages.signInToComment, code: 'forbidden' });
    expect((await stateOf(t, list.id)).comments).toBe(0);
  });
});

describe('a comment on a list that went private', () => {
  it('its author may still delete it, and see nothing more of the list', async () => {
    const list = await makeChecklist(t.db, owner.id);
    const theirs = await (await agents.other.post(`/api/checklists/${list.id}/comments`, { content: 'Theirs' })).json();
    const owners = await (
      await agents.owner.post(`/api/checklists/${list.id}/comments`, { content: 'Owner’s' })
    ).json();
    const madePrivate = await agents.owner.request(`/api/checklists/${list.id}/visibility`, {
      method: 'PATCH',
      json: { isPublic: false },
    });
    expect(madePrivate.status).toBe(200);

    // The list and the comments on it are the owner's alone now, the commenter's words included.
    expect((await agents.other.request(`/api/checklists/${list.id}`)).status).toBe(404);
    expect((await agents.other.request(`/api/checklists/${list.id}/comments`)).status).toBe(404);
    const edit = await agents.other.request(`/api/comments/${theirs.id}`, { method: 'PATCH', json: { content: 'x' } });
    expect(edit.status).toBe(404);
    // Someone else's comment there is not found for them; the commenter's own is the owner's to read, not delete.
    expect((await agents.other.request(`/api/comments/${owners.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await agents.owner.request(`/api/comments/${theirs.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await stateOf(t, list.id)).comments).toBe(2);

    const deleted = await agents.other.request(`/api/comments/${theirs.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    const left = await t.db.select().from(checklistComments).where(eq(checklistComments.checklistId, list.id));
    expect(left.map((comment) => comment.id)).toEqual([owners.id]);
    // Gone, it is not found the second time.
    expect((await agents.other.request(`/api/comments/${theirs.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
