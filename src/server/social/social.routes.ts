import { createRoute, z } from '@hono/zod-openapi';
import { canSeeFollowLists } from '@/domain/permissions';
import {
  followListSchema,
  followStateSchema,
  publicProfileMessages,
  publicProfileSchema,
} from '@/domain/social/profile';
import type { Database } from '../db/client';
import { commonErrors, createRouter, jsonContent, limitedWrite, rateLimited, refusal, userIdOf } from '../http';
import { logRequestEvent } from '../security/security-events';
import { followMessages, setFollow } from './follows.actions';
import { findProfileAccess, findPublicProfile, listFollowUsers } from './public-profiles.queries';

const usernameParams = z.object({ username: z.string().max(64) });

const route = {
  profile: createRoute({
    method: 'get',
    path: '/users/{username}',
    summary: 'A public profile with its counts and public checklists (a private one shows only avatar and username)',
    request: { params: usernameParams },
    responses: { 200: jsonContent(publicProfileSchema, 'The profile'), 404: commonErrors[404] },
  }),
  followers: createRoute({
    method: 'get',
    path: '/users/{username}/followers',
    summary: 'Who follows a user',
    request: { params: usernameParams },
    responses: { 200: jsonContent(followListSchema, 'Users'), 404: commonErrors[404] },
  }),
  following: createRoute({
    method: 'get',
    path: '/users/{username}/following',
    summary: 'Whom a user follows',
    request: { params: usernameParams },
    responses: { 200: jsonContent(followListSchema, 'Users'), 404: commonErrors[404] },
  }),
  follow: createRoute({
    method: 'put',
    path: '/users/{username}/follow',
    ...limitedWrite('follow'),
    summary: 'Follow a user',
    request: { params: usernameParams },
    responses: { 200: jsonContent(followStateSchema, 'Following'), ...commonErrors, ...rateLimited },
  }),
  unfollow: createRoute({
    method: 'delete',
    path: '/users/{username}/follow',
    ...limitedWrite('follow'),
    summary: 'Stop following a user',
    request: { params: usernameParams },
    responses: { 200: jsonContent(followStateSchema, 'Not following'), ...commonErrors, ...rateLimited },
  }),
};

export function socialRoutes({ db }: { db: Database }) {
  const notFoundProfile = { message: publicProfileMessages.notFound, code: 'not_found' };
  return createRouter()
    .openapi(route.profile, async (c) => {
      const profile = await findPublicProfile(db, c.req.valid('param').username, await userIdOf(c));
      return profile ? c.json(profile, 200) : c.json(notFoundProfile, 404);
    })
    .openapi(route.followers, async (c) => {
      const viewerId = await userIdOf(c);
      const profile = await findProfileAccess(db, c.req.valid('param').username);
      if (!profile) return c.json(notFoundProfile, 404);
      // A private profile's followers are as private as the rest of it: not found, as a missing user.
      if (!canSeeFollowLists(viewerId === null ? null : { id: viewerId }, profile)) {
        logRequestEvent(c, 'access.refused', {
          userId: viewerId,
          outcome: 'private',
          resource: 'profile-followers',
          id: profile.userId,
        });
        return c.json(notFoundProfile, 404);
      }
      return c.json({ users: await listFollowUsers(db, profile.userId, 'followers', viewerId) }, 200);
    })
    .openapi(route.following, async (c) => {
      const viewerId = await userIdOf(c);
      const profile = await findProfileAccess(db, c.req.valid('param').username);
      if (!profile) return c.json(notFoundProfile, 404);
      if (!canSeeFollowLists(viewerId === null ? null : { id: viewerId }, profile)) {
        logRequestEvent(c, 'access.refused', {
          userId: viewerId,
          outcome: 'private',
          resource: 'profile-following',
          id: profile.userId,
        });
        return c.json(notFoundProfile, 404);
      }
      return c.json({ users: await listFollowUsers(db, profile.userId, 'following', viewerId) }, 200);
    })
    .openapi(route.follow, async (c) => {
      const outcome = await setFollow(db, c.var.user.id, c.req.valid('param').username, true);
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome, followMessages.userNotFound);
    })
    .openapi(route.unfollow, async (c) => {
      const outcome = await setFollow(db, c.var.user.id, c.req.valid('param').username, false);
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome, followMessages.userNotFound);
    });
}
