import { eq, sql } from 'drizzle-orm';
import { encodeCursor } from '../../src/domain/paging';
import { checklistComments, checklists, userListGroups } from '../../src/server/db/schema';
import { createUser, type CreatedUser } from '../../src/server/seed/factories';
import type { Caller, Expected } from './callers';
import { signedInAgent } from './sign-in';
import type { Agent, TestApp } from './test-app';

// Every checklist endpoint × {visitor, another user, owner}, on a public, an unlisted and a private
// list. A private list of someone else is not found (404), never forbidden.

export type Visibility = 'public' | 'unlisted' | 'private';
export const visibilities = ['public', 'unlisted', 'private'] as const;
type Call = (
  ids: { list: string; item: string; group: Record<Caller, string | null> },
  caller: Caller,
) => { method: string; path: string; json?: unknown };

/**
 * The expected statuses on a listed (public) and on a private list. An unlisted list ("Anyone with
 * the link", decision 024) responds by its id exactly as a public one does.
 */
const byVisibility = (listed: Expected, hidden: Expected): Record<Visibility, Expected> => ({
  public: listed,
  unlisted: listed,
  private: hidden,
});

// Who may make a call, as the statuses each caller gets on a listed and on a private list.
/** Anyone who may see the list, a visitor too. */
const anyViewer = byVisibility({ visitor: 200, other: 200, owner: 200 }, { visitor: 404, other: 404, owner: 200 });
/** Any signed-in user who may see the list. */
const signedInViewer = byVisibility({ visitor: 401, other: 200, owner: 200 }, { visitor: 401, other: 404, owner: 200 });
/** The owner alone: another user is forbidden a list they may see. */
const ownerOnly = byVisibility({ visitor: 401, other: 403, owner: 200 }, { visitor: 401, other: 404, owner: 200 });
/** A signed-in user other than the owner who may see the list (the owner is forbidden). */
const othersWhoSee = byVisibility({ visitor: 401, other: 200, owner: 403 }, { visitor: 401, other: 404, owner: 403 });
/** Any signed-in user, whatever the list: the call changes only the caller's own rows. */
const ownRowsOnly = byVisibility({ visitor: 401, other: 200, owner: 200 }, { visitor: 401, other: 200, owner: 200 });
/** The group's owner alone, whatever the list: someone else's group is not found. */
const groupOwnerOnly = byVisibility({ visitor: 401, other: 404, owner: 200 }, { visitor: 401, other: 404, owner: 200 });
/** The list's author alone, whatever its visibility: to anyone else its versions are not found. */
const authorsVersions = (owner: 200 | 400) =>
  byVisibility({ visitor: 401, other: 404, owner }, { visitor: 401, other: 404, owner });

/** The list's place in the caller's own group (a visitor has none: an id no group has). */
const inOwnGroup = ({ list, group }: Parameters<Call>[0], caller: Caller) =>
  `/api/library/groups/${group[caller] ?? '00000000-0000-4000-8000-000000000000'}/checklists/${list}`;

const input = {
  title: 'Edited',
  description: 'Still useful',
  items: ['One'],
  tags: [],
  estimatedTime: '1 hour',
  difficulty: 'easy',
};

export const table: [string, Call, Record<Visibility, Expected>][] = [
  ['read', ({ list }) => ({ method: 'GET', path: `/api/checklists/${list}` }), anyViewer],
  ['edit', ({ list }) => ({ method: 'PUT', path: `/api/checklists/${list}`, json: input }), ownerOnly],
  [
    'visibility',
    ({ list }) => ({ method: 'PATCH', path: `/api/checklists/${list}/visibility`, json: { isPublic: true } }),
    ownerOnly,
  ],
  [
    'clone',
    ({ list }) => ({ method: 'POST', path: `/api/checklists/${list}/clone` }),
    byVisibility({ visitor: 401, other: 201, owner: 403 }, { visitor: 401, other: 404, owner: 403 }),
  ],
  [
    'duplicate',
    ({ list }) => ({ method: 'POST', path: `/api/checklists/${list}/duplicate` }),
    byVisibility({ visitor: 401, other: 403, owner: 201 }, { visitor: 401, other: 404, owner: 201 }),
  ],
  ['like', ({ list }) => ({ method: 'PUT', path: `/api/checklists/${list}/like` }), othersWhoSee],
  ['unlike', ({ list }) => ({ method: 'DELETE', path: `/api/checklists/${list}/like` }), othersWhoSee],
  [
    'complete an item',
    ({ list, item }) => ({ method: 'PUT', path: `/api/checklists/${list}/items/${item}/done` }),
    signedInViewer,
  ],
  [
    'remove a completion',
    ({ list, item }) => ({ method: 'DELETE', path: `/api/checklists/${list}/items/${item}/done` }),
    signedInViewer,
  ],
  ['start again', ({ list }) => ({ method: 'DELETE', path: `/api/checklists/${list}/progress` }), signedInViewer],
  [
    // Only the asker's own runs: the path names no user, so nobody can ask for another's.
    'read own run history',
    ({ list }) => ({ method: 'GET', path: `/api/checklists/${list}/runs` }),
    signedInViewer,
  ],
  ['read versions', ({ list }) => ({ method: 'GET', path: `/api/checklists/${list}/versions` }), authorsVersions(200)],
  [
    'read version 1',
    ({ list }) => ({ method: 'GET', path: `/api/checklists/${list}/versions/1` }),
    authorsVersions(200),
  ],
  [
    // A list never edited is at version 1 already: its author is told so (400), nothing changes.
    'restore version 1',
    ({ list }) => ({ method: 'POST', path: `/api/checklists/${list}/versions/1/restore` }),
    authorsVersions(400),
  ],
  // Only a clone has an original to review: on these lists (no clones) its owner finds none.
  [
    'read upstream changes',
    ({ list }) => ({ method: 'GET', path: `/api/checklists/${list}/upstream` }),
    authorsVersions(200),
  ],
  [
    'review upstream changes',
    ({ list }) => ({
      method: 'POST',
      path: `/api/checklists/${list}/upstream/review`,
      json: { toVersion: 2, accept: [] },
    }),
    byVisibility({ visitor: 401, other: 404, owner: 404 }, { visitor: 401, other: 404, owner: 404 }),
  ],
  [
    'read ideas from remixes',
    ({ list }) => ({ method: 'GET', path: `/api/checklists/${list}/ideas` }),
    authorsVersions(200),
  ],
  [
    'dismiss an idea from remixes',
    ({ list }) => ({ method: 'POST', path: `/api/checklists/${list}/ideas/dismiss`, json: { idea: 'mallet' } }),
    authorsVersions(200),
  ],
  ['list comments', ({ list }) => ({ method: 'GET', path: `/api/checklists/${list}/comments` }), anyViewer],
  ['list remixes', ({ list }) => ({ method: 'GET', path: `/api/checklists/${list}/remixes` }), anyViewer],
  // A search's count (decision 054) is the same for everyone, the list's own owner too: it counts
  // public lists only, whatever the caller.
  [
    'count a search',
    () => ({ method: 'GET', path: '/api/checklists/count?q=checklist' }),
    byVisibility({ visitor: 200, other: 200, owner: 200 }, { visitor: 200, other: 200, owner: 200 }),
  ],
  [
    'add comment',
    ({ list }) => ({ method: 'POST', path: `/api/checklists/${list}/comments`, json: { content: 'Nice' } }),
    byVisibility({ visitor: 401, other: 201, owner: 201 }, { visitor: 401, other: 404, owner: 201 }),
  ],
  ['library status', ({ list }) => ({ method: 'GET', path: `/api/library/checklists/${list}` }), signedInViewer],
  ['save', ({ list }) => ({ method: 'PUT', path: `/api/library/saved/${list}` }), signedInViewer],
  [
    'unsave',
    ({ list }) => ({ method: 'DELETE', path: `/api/library/saved/${list}` }),
    // Taking one's own row out reveals nothing about the list, so it needs no access to it.
    ownRowsOnly,
  ],
  ['file in own group', (ids, caller) => ({ method: 'PUT', path: inOwnGroup(ids, caller) }), signedInViewer],
  ['take out of own group', (ids, caller) => ({ method: 'DELETE', path: inOwnGroup(ids, caller) }), ownRowsOnly],
  [
    'rename someone else’s group',
    ({ group }) => ({ method: 'PATCH', path: `/api/library/groups/${group.owner}`, json: { name: 'Renamed' } }),
    groupOwnerOnly,
  ],
  [
    'read the rest of someone else’s group',
    ({ list, group }) => ({
      method: 'GET',
      path: `/api/library/groups/${group.owner}/checklists?cursor=${encodeCursor(['2026-01-01T00:00:00.000000Z', list])}`,
    }),
    groupOwnerOnly,
  ],
  [
    // Reporting: who may report what, moderators and admins included, is tests/api/reports-authorization.test.ts.
    'report',
    ({ list }) => ({
      method: 'POST',
      path: '/api/reports',
      json: { targetType: 'checklist', targetId: list, reason: 'spam' },
    }),
    byVisibility({ visitor: 401, other: 200, owner: 400 }, { visitor: 401, other: 404, owner: 400 }),
  ],
  [
    'bulk delete',
    ({ list }) => ({ method: 'POST', path: '/api/checklists/bulk-delete', json: { ids: [list] } }),
    ownRowsOnly,
  ],
  [
    'bulk visibility',
    ({ list }) => ({ method: 'POST', path: '/api/checklists/bulk-visibility', json: { ids: [list], isPublic: true } }),
    ownRowsOnly,
  ],
  [
    'file in someone else’s group',
    ({ list, group }) => ({ method: 'PUT', path: `/api/library/groups/${group.owner}/checklists/${list}` }),
    groupOwnerOnly,
  ],
  ['delete', ({ list }) => ({ method: 'DELETE', path: `/api/checklists/${list}` }), ownerOnly],
];

/** The owner of the lists, another user, a visitor, and a library group for each user. */
export async function createCallers(t: TestApp) {
  const owner: CreatedUser = await createUser(t.db);
  const other: CreatedUser = await createUser(t.db);
  const agents: Record<Caller, Agent> = {
    visitor: t.agent(),
    other: await signedInAgent(t, other),
    owner: await signedInAgent(t, owner),
  };
  const [ownerGroup] = await t.db.insert(userListGroups).values({ userId: owner.id, name: 'Mine' }).returning();
  const [otherGroup] = await t.db.insert(userListGroups).values({ userId: other.id, name: 'Theirs' }).returning();
  const groups: Record<Caller, string | null> = { visitor: null, other: otherGroup!.id, owner: ownerGroup!.id };
  return { owner, other, agents, groups };
}

/** A list's row and how many comments it has: what a refused call must leave as it was. */
export async function stateOf(t: TestApp, listId: string) {
  const [row] = await t.db.select().from(checklists).where(eq(checklists.id, listId));
  const [comments] = await t.db
    .select({ count: sql<number>`count(*)::int` })
    .from(checklistComments)
    .where(eq(checklistComments.checklistId, listId));
  return { row, comments: comments!.count };
}
