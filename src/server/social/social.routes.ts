import { createRoute, z } from '@hono/zod-openapi';
import { canSeeFollowLists } from '@/domain/permissions';
import {
  followListSchema,
  followStateSchema,
  publicProfileMessages,
  publicProfileSchema,
} from '@/domain/social/profile';
import type { Database } from '../db/client';
import type { Context } from 'hono';
import { type AppEnv, commonErrors, createRouter, jsonContent, toggleHandler, toggleRoute, userIdOf } from '../http';
import { logRequestEvent } from '../security/security-events';
import { followMessages, setFollow } from './follows.actions';
import { findProfileAccess, findPublicProfile, listFollowUsers } from './public-profiles.queries';

const usernameParams = z.object({ username: z.string().max(64) });

/** A read about a user by their username, open to visitors: the answer, or 404 as for no such user. */
const userRoute = <const P extends string, S extends z.ZodType>(
  path: P,
  summary: string,
  schema: S,
  description: string,
) =>
  createRoute({
    method: 'get',
    path,
    summary,
    request: { params: usernameParams },
    responses: { 200: jsonContent(schema, description), 404: commonErrors[404] },
  });

const followRoute = toggleRoute('follow', {
  path: '/users/{username}/follow',
  request: { params: usernameParams },
  state: followStateSchema,
});

const route = {
  profile: userRoute(
    '/users/{username}',
    'A public profile with its counts and public checklists (a private one shows only avatar and username)',
    publicProfileSchema,
    'The profile',
  ),
  followers: userRoute('/users/{username}/followers', 'Who follows a user', followListSchema, 'Users'),
  following: userRoute('/users/{username}/following', 'Whom a user follows', followListSchema, 'Users'),
  follow: followRoute('put', 'Follow a user', 'Following'),
  unfollow: followRoute('delete', 'Stop following a user', 'Not following'),
};

export function socialRoutes({ db }: { db: Database }) {
  const notFoundProfile = { message: publicProfileMessages.notFound, code: 'not_found' };
  // A private profile's follow lists are as private as the rest of it: not found, as a missing user.
  const followList = async (c: Context<AppEnv>, username: string, which: 'followers' | 'following') => {
    const viewerId = await userIdOf(c);
    const profile = await findProfileAccess(db, username, viewerId);
    if (!profile) return c.json(notFoundProfile, 404);
    if (!canSeeFollowLists(viewerId === null ? null : { id: viewerId }, profile)) {
      logRequestEvent(c, 'access.refused', {
        userId: viewerId,
        outcome: 'private',
        resource: `profile-${which}`,
        id: profile.userId,
      });
      return c.json(notFoundProfile, 404);
    }
    return c.json({ users: await listFollowUsers(db, profile.userId, which, viewerId) }, 200);
  };
  const follow = toggleHandler<typeof route.follow>(
    (c, isFollowing) => setFollow(db, c.var.user.id, c.req.valid('param').username, isFollowing),
    followMessages.userNotFound,
  );
  return createRouter()
    .openapi(route.profile, async (c) => {
      const profile = await findPublicProfile(db, c.req.valid('param').username, await userIdOf(c));
      return profile ? c.json(profile, 200) : c.json(notFoundProfile, 404);
    })
    .openapi(route.followers, (c) => followList(c, c.req.valid('param').username, 'followers'))
    .openapi(route.following, (c) => followList(c, c.req.valid('param').username, 'following'))
    .openapi(route.follow, follow(true))
    .openapi(route.unfollow, follow(false));
}
