import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { commentMessages } from '../../src/domain/checklists/comments';
import { encodeCursor } from '../../src/domain/paging';
import type * as Permissions from '../../src/domain/permissions';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { checklistComments, checklists, userListGroups } from '../../src/server/db/schema';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// Every checklist endpoint × {visitor, another user, owner}, on a public, an unlisted and a private
// list. A private list of someone else is not found (404), never forbidden. An unlisted list
// ("Anyone with the link", decision 024) answers by its id exactly as a public one does.

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

/** A list's row and how many comments it has: what a refused call must leave as it was. */
async function stateOf(listId: string) {
  const [row] = await t.db.select().from(checklists).where(eq(checklists.id, listId));
  const [comments] = await t.db
    .select({ count: sql<number>`count(*)::int` })
    .from(checklistComments)
    .where(eq(checklistComments.checklistId, listId));
  return { row, comments: comments!.count };
}

type Caller = 'visitor' | 'other' | 'owner';
type Expected = Record<Caller, number>;
type Visibility = 'public' | 'unlisted' | 'private';
type Call = (
  ids: { list: string; item: string; group: Record<Caller, string | null> },
  caller: Caller,
) => { method: string; path: string; json?: unknown };

let t: TestApp;
let owner: CreatedUser;
let other: CreatedUser;
let agents: Record<Caller, Agent>;
let groups: Record<Caller, string | null>;

const input = {
  title: 'Edited',
  description: 'Still useful',
  items: ['One'],
  tags: [],
  estimatedTime: '1 hour',
  difficulty: 'easy',
};

const table: [string, Call, Record<Visibility, Expected>][] = [
  [
    'read',
    ({ list }) => ({ method: 'GET', path: `/api/checklists/${list}` }),
    {
      public: { visitor: 200, other: 200, owner: 200 },
      unlisted: { visitor: 200, other: 200, owner: 200 },
      private: { visitor: 404, other: 404, owner: 200 },
    },
  ],
  [
    'edit',
    ({ list }) => ({ method: 'PUT', path: `/api/checklists/${list}`, json: input }),
    {
      public: { visitor: 401, other: 403, owner: 200 },
      unlisted: { visitor: 401, other: 403, owner: 200 },
      private: { visitor: 401, other: 404, owner: 200 },
    },
  ],
  [
    'visibility',
    ({ list }) => ({ method: 'PATCH', path: `/api/checklists/${list}/visibility`, json: { isPublic: true } }),
    {
      public: { visitor: 401, other: 403, owner: 200 },
      unlisted: { visitor: 401, other: 403, owner: 200 },
      private: { visitor: 401, other: 404, owner: 200 },
    },
  ],
  [
    'clone',
    ({ list }) => ({ method: 'POST', path: `/api/checklists/${list}/clone` }),
    {
      public: { visitor: 401, other: 201, owner: 403 },
      unlisted: { visitor: 401, other: 201, owner: 403 },
      private: { visitor: 401, other: 404, owner: 403 },
    },
  ],
  [
    'like',
    ({ list }) => ({ method: 'PUT', path: `/api/checklists/${list}/like` }),
    {
      public: { visitor: 401, other: 200, owner: 403 },
      unlisted: { visitor: 401, other: 200, owner: 403 },
      private: { visitor: 401, other: 404, owner: 403 },
    },
  ],
  [
    'unlike',
    ({ list }) => ({ method: 'DELETE', path: `/api/checklists/${list}/like` }),
    {
      public: { visitor: 401, other: 200, owner: 403 },
      unlisted: { visitor: 401, other: 200, owner: 403 },
      private: { visitor: 401, other: 404, owner: 403 },
    },
  ],
  [
    'tick',
    ({ list, item }) => ({ method: 'PUT', path: `/api/checklists/${list}/items/${item}/done` }),
    {
      public: { visitor: 401, other: 200, owner: 200 },
      unlisted: { visitor: 401, other: 200, owner: 200 },
      private: { visitor: 401, other: 404, owner: 200 },
    },
  ],
  [
    'untick',
    ({ list, item }) => ({ method: 'DELETE', path: `/api/checklists/${list}/items/${item}/done` }),
    {
      public: { visitor: 401, other: 200, owner: 200 },
      unlisted: { visitor: 401, other: 200, owner: 200 },
      private: { visitor: 401, other: 404, owner: 200 },
    },
  ],
  [
    'reset progress',
    ({ list }) => ({ method: 'DELETE', path: `/api/checklists/${list}/progress` }),
    {
      public: { visitor: 401, other: 200, owner: 200 },
      unlisted: { visitor: 401, other: 200, owner: 200 },
      private: { visitor: 401, other: 404, owner: 200 },
    },
  ],
  [
    'list comments',
    ({ list }) => ({ method: 'GET', path: `/api/checklists/${list}/comments` }),
    {
      public: { visitor: 200, other: 200, owner: 200 },
      unlisted: { visitor: 200, other: 200, owner: 200 },
      private: { visitor: 404, other: 404, owner: 200 },
    },
  ],
  [
    'add comment',
    ({ list }) => ({ method: 'POST', path: `/api/checklists/${list}/comments`, json: { content: 'Nice' } }),
    {
      public: { visitor: 401, other: 201, owner: 201 },
      unlisted: { visitor: 401, other: 201, owner: 201 },
      private: { visitor: 401, other: 404, owner: 201 },
    },
  ],
  [
    'library status',
    ({ list }) => ({ method: 'GET', path: `/api/library/checklists/${list}` }),
    {
      public: { visitor: 401, other: 200, owner: 200 },
      unlisted: { visitor: 401, other: 200, owner: 200 },
      private: { visitor: 401, other: 404, owner: 200 },
    },
  ],
  [
    'save',
    ({ list }) => ({ method: 'PUT', path: `/api/library/saved/${list}` }),
    {
      public: { visitor: 401, other: 200, owner: 200 },
      unlisted: { visitor: 401, other: 200, owner: 200 },
      private: { visitor: 401, other: 404, owner: 200 },
    },
  ],
  [
    'unsave',
    ({ list }) => ({ method: 'DELETE', path: `/api/library/saved/${list}` }),
    // Taking one's own row out reveals nothing about the list, so it needs no access to it.
    {
      public: { visitor: 401, other: 200, owner: 200 },
      unlisted: { visitor: 401, other: 200, owner: 200 },
      private: { visitor: 401, other: 200, owner: 200 },
    },
  ],
  [
    'file in own group',
    ({ list, group }, caller) => ({
      method: 'PUT',
      path: `/api/library/groups/${group[caller] ?? '00000000-0000-4000-8000-000000000000'}/checklists/${list}`,
    }),
    {
      public: { visitor: 401, other: 200, owner: 200 },
      unlisted: { visitor: 401, other: 200, owner: 200 },
      private: { visitor: 401, other: 404, owner: 200 },
    },
  ],
  [
    'take out of own group',
    ({ list, group }, caller) => ({
      method: 'DELETE',
      path: `/api/library/groups/${group[caller] ?? '00000000-0000-4000-8000-000000000000'}/checklists/${list}`,
    }),
    {
      public: { visitor: 401, other: 200, owner: 200 },
      unlisted: { visitor: 401, other: 200, owner: 200 },
      private: { visitor: 401, other: 200, owner: 200 },
    },
  ],
  [
    'rename someone else’s group',
    ({ group }) => ({ method: 'PATCH', path: `/api/library/groups/${group.owner}`, json: { name: 'Renamed' } }),
    {
      public: { visitor: 401, other: 404, owner: 200 },
      unlisted: { visitor: 401, other: 404, owner: 200 },
      private: { visitor: 401, other: 404, owner: 200 },
    },
  ],
  [
    'read the rest of someone else’s group',
    ({ list, group }) => ({
      method: 'GET',
      path: `/api/library/groups/${group.owner}/checklists?cursor=${encodeCursor(['2026-01-01T00:00:00.000000Z', list])}`,
    }),
    {
      public: { visitor: 401, other: 404, owner: 200 },
      unlisted: { visitor: 401, other: 404, owner: 200 },
      private: { visitor: 401, other: 404, owner: 200 },
    },
  ],
  [
    'bulk delete',
    ({ list }) => ({ method: 'POST', path: '/api/checklists/bulk-delete', json: { ids: [list] } }),
    {
      public: { visitor: 401, other: 200, owner: 200 },
      unlisted: { visitor: 401, other: 200, owner: 200 },
      private: { visitor: 401, other: 200, owner: 200 },
    },
  ],
  [
    'bulk visibility',
    ({ list }) => ({ method: 'POST', path: '/api/checklists/bulk-visibility', json: { ids: [list], isPublic: true } }),
    {
      public: { visitor: 401, other: 200, owner: 200 },
      unlisted: { visitor: 401, other: 200, owner: 200 },
      private: { visitor: 401, other: 200, owner: 200 },
    },
  ],
  [
    'file in someone else’s group',
    ({ list, group }) => ({ method: 'PUT', path: `/api/library/groups/${group.owner}/checklists/${list}` }),
    {
      public: { visitor: 401, other: 404, owner: 200 },
      unlisted: { visitor: 401, other: 404, owner: 200 },
      private: { visitor: 401, other: 404, owner: 200 },
    },
  ],
  [
    'delete',
    ({ list }) => ({ method: 'DELETE', path: `/api/checklists/${list}` }),
    {
      public: { visitor: 401, other: 403, owner: 200 },
      unlisted: { visitor: 401, other: 403, owner: 200 },
      private: { visitor: 401, other: 404, owner: 200 },
    },
  ],
];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db);
  other = await createUser(t.db);
  agents = { visitor: t.agent(), other: await signedInAgent(t, other), owner: await signedInAgent(t, owner) };
  const [ownerGroup] = await t.db.insert(userListGroups).values({ userId: owner.id, name: 'Mine' }).returning();
  const [otherGroup] = await t.db.insert(userListGroups).values({ userId: other.id, name: 'Theirs' }).returning();
  groups = { visitor: null, other: otherGroup!.id, owner: ownerGroup!.id };
});

describe('who may do what with a checklist', () => {
  for (const visibility of ['public', 'unlisted', 'private'] as const) {
    for (const [name, call, expected] of table) {
      it(`${name} on a ${visibility} list`, async () => {
        for (const caller of ['visitor', 'other', 'owner'] as const) {
          // A fresh list per caller, so one caller's write (delete, edit) cannot change the next one's answer.
          const list = await makeChecklist(t.db, owner.id, { visibility, items: ['A', 'B'] });
          const request = call({ list: list.id, item: list.items[0]!.id, group: groups }, caller);
          const before = await stateOf(list.id);
          const response = await agents[caller].request(request.path, { method: request.method, json: request.json });
          expect(response.status, `${caller}: ${request.method} ${request.path}`).toBe(expected[visibility][caller]);
          if (response.status === 404) expect((await response.json()).code).toBe('not_found');
          // A bulk call answers 200 but must report someone else's list as failed, untouched.
          const isBulkRefusal = name.startsWith('bulk') && caller === 'other';
          if (isBulkRefusal) expect((await response.json()).failed).toEqual([list.id]);
          // Whatever the refusal, the list, its visibility and its comments are as they were.
          if (isBulkRefusal || response.status >= 400) expect(await stateOf(list.id), caller).toEqual(before);
        }
      });
    }
  }
});

describe('a list’s share preview image (decision 026)', () => {
  // Only public and unlisted lists have one, for everybody alike: the owner of a private list gets
  // the missing list's answer too (previews are for links shared with others). Without a version
  // the answer is the redirect to the current picture.
  const expected: Record<Visibility, number> = { public: 302, unlisted: 302, private: 404 };
  for (const visibility of ['public', 'unlisted', 'private'] as const) {
    it(`on a ${visibility} list`, async () => {
      const list = await makeChecklist(t.db, owner.id, { visibility });
      for (const caller of ['visitor', 'other', 'owner'] as const) {
        const response = await agents[caller].request(`/preview/checklist/${list.id}.png`);
        expect(response.status, caller).toBe(expected[visibility]);
      }
    });
  }
});

describe('comments belong to their author', () => {
  it.each([
    ['edit', 'PATCH', { content: 'Changed' }, { visitor: 401, other: 403, owner: 200 }],
    ['delete', 'DELETE', undefined, { visitor: 401, other: 403, owner: 200 }],
  ] as const)('%s a comment on a public list', async (_name, method, json, expected) => {
    for (const caller of ['visitor', 'other', 'owner'] as const) {
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
    it(`${name}: someone else’s list is left as it was and answered as a missing one is`, async () => {
      const own = await makeChecklist(t.db, other.id, { visibility: 'unlisted' });
      const theirs = await Promise.all(
        (['public', 'unlisted', 'private'] as const).map((visibility) => makeChecklist(t.db, owner.id, { visibility })),
      );
      const before = await Promise.all(theirs.map((list) => stateOf(list.id)));
      const ids = [own.id, ...theirs.map((list) => list.id), missingId];
      const response = await agents.other.post(path, { ids, ...extra });
      expect(response.status).toBe(200);
      // Not yours and not there are one answer, as a single delete or edit gives for a list it cannot see.
      expect(await response.json()).toEqual({
        succeeded: [own.id],
        failed: [...theirs.map((list) => list.id), missingId],
        message,
      });
      expect(await Promise.all(theirs.map((list) => stateOf(list.id)))).toEqual(before);
    });
  }

  it('bulk delete asks canDelete of each list: refused, the owner’s own list stays', async () => {
    const list = await makeChecklist(t.db, owner.id);
    const before = await stateOf(list.id);
    const response = await whileRefusing('canDelete', () =>
      agents.owner.post('/api/checklists/bulk-delete', { ids: [list.id] }),
    );
    expect(await response.json()).toMatchObject({ succeeded: [], failed: [list.id] });
    expect(await stateOf(list.id)).toEqual(before);
  });

  it('bulk visibility asks canEdit of each list: refused, the owner’s own list stays as it was', async () => {
    const list = await makeChecklist(t.db, owner.id);
    const before = await stateOf(list.id);
    const response = await whileRefusing('canEdit', () =>
      agents.owner.post('/api/checklists/bulk-visibility', { ids: [list.id], isPublic: false }),
    );
    expect(await response.json()).toMatchObject({ succeeded: [], failed: [list.id] });
    expect(await stateOf(list.id)).toEqual(before);
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
    expect((await stateOf(list.id)).comments).toBe(0);
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
    expect((await stateOf(list.id)).comments).toBe(2);

    const deleted = await agents.other.request(`/api/comments/${theirs.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    const left = await t.db.select().from(checklistComments).where(eq(checklistComments.checklistId, list.id));
    expect(left.map((comment) => comment.id)).toEqual([owners.id]);
    // Gone, it is not found the second time.
    expect((await agents.other.request(`/api/comments/${theirs.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
