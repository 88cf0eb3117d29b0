import { z } from '@hono/zod-openapi';
import {
  blockedUsersPageSchema,
  blockedUsersQuerySchema,
  blockStateSchema,
  decodeBlockedUsersCursor,
} from '@/domain/social/blocks';
import { pagingMessages } from '@/domain/paging';
import { publicProfileMessages } from '@/domain/social/profile';
import type { Database } from '../db/client';
import { createRouter, jsonContent, perUserLimitedRoute, toggleHandler, toggleRoute } from '../http';
import { setBlock } from './blocks.actions';
import { listBlockedUsers } from './blocks.queries';

const blockRoute = toggleRoute('block', {
  path: '/users/{username}/block',
  request: { params: z.object({ username: z.string().max(64) }) },
  state: blockStateSchema,
});

const route = {
  block: blockRoute('put', 'Block a user: they can no longer follow you, comment on or like your lists', 'Blocked'),
  unblock: blockRoute('delete', 'Unblock a user', 'Not blocked'),
  blocked: perUserLimitedRoute('blockedUsersPerUser', {
    method: 'get',
    path: '/accounts/me/blocks',
    summary: 'The people the signed-in user blocked, newest block first (pass nextCursor as before)',
    request: { query: blockedUsersQuerySchema },
    responses: { 200: jsonContent(blockedUsersPageSchema, 'Blocked users') },
  }),
};

/** Blocking (decision 048): the toggle on a user, and the blocker's own list for Settings. */
export function blocksRoutes({ db }: { db: Database }) {
  const block = toggleHandler<typeof route.block>(
    (c, isBlocked) => setBlock(db, c.var.user.id, c.req.valid('param').username, isBlocked),
    publicProfileMessages.notFound,
  );
  return createRouter()
    .openapi(route.block, block(true))
    .openapi(route.unblock, block(false))
    .openapi(route.blocked, async (c) => {
      const { before, limit } = c.req.valid('query');
      const cursor = before ? decodeBlockedUsersCursor(before) : null;
      if (before && !cursor) return c.json({ message: pagingMessages.invalidCursor, code: 'invalid_input' }, 400);
      return c.json(await listBlockedUsers(db, c.var.user.id, { cursor, limit }), 200);
    });
}
