// "read: blocked users": Settings' list of the people one blocked, as each signed-in user in turn;
// "read: comments (signed in)": a list's first page of comments read by a signed-in user, which
// leaves out the people that reader blocked (one probe of the blocks key per comment).
import { COMMENTS_PAGE_SIZE } from '../../../src/domain/checklists/comments';
import { BLOCKED_USERS_PAGE_SIZE } from '../../../src/domain/social/blocks';
import { listComments } from '../../../src/server/checklists/comments.queries';
import type { Database } from '../../../src/server/db/client';
import { listBlockedUsers } from '../../../src/server/social/blocks.queries';
import { asUser, eachUserGets, type Signed } from '../users';
import type { Case } from './case';

/** `ids`: public lists in a shuffled order; `signed`: the signed-in users. */
export function blockCases(db: Database, ids: string[], signed: Signed[]): Case[] {
  const userOf = (index: number) => signed[index % signed.length]!;
  const listOf = (index: number) => ids[index % Math.min(500, ids.length)]!;
  return [
    {
      name: 'read: blocked users',
      requests: eachUserGets(signed, '/api/accounts/me/blocks'),
      bare: (index) => listBlockedUsers(db, userOf(index).userId, { cursor: null, limit: BLOCKED_USERS_PAGE_SIZE }),
    },
    {
      name: 'read: comments (signed in)',
      requests: ids.slice(0, 500).map((id, index) => ({
        method: 'GET' as const,
        path: `/api/checklists/${id}/comments`,
        headers: asUser(userOf(index)),
      })),
      bare: (index) => listComments(db, listOf(index), userOf(index).userId, { limit: COMMENTS_PAGE_SIZE }),
    },
  ];
}
