import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { checklistMessages } from '../../src/domain/checklists/checklist-view';
import { commentListSchema } from '../../src/domain/checklists/comments';
import { blockStateSchema } from '../../src/domain/social/blocks';
import { publicProfileSchema } from '../../src/domain/social/profile';
import { notifications } from '../../src/server/db/schema';
import { createUser, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from './sign-in';
import type { Agent, TestApp } from './test-app';

// The blocking tests' people and calls (tests/api/blocks*.test.ts), on the test file's app.

export const userNotFound = { message: 'User not found', code: 'not_found' };
export const listNotFound = { message: checklistMessages.notFound, code: 'not_found' };
export const notSignedIn = { message: 'Auth session missing!', code: 'unauthorized' };

/** A signed-in user: their account and their agent. */
export type Person = { user: CreatedUser; agent: Agent };

/** The helpers, on the app `app()` gives when they run (the test file makes it in its beforeAll). */
export function blockingHelpers(app: () => TestApp) {
  const person = async (overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> => {
    const user = await createUser(app().db, overrides);
    return { user, agent: await signedInAgent(app(), user) };
  };
  const withRole = async (role: 'moderator' | 'admin') => {
    const made = await person();
    await app().db.execute(sql`update profiles set role = ${role} where id = ${made.user.id}`);
    return made;
  };

  const block = (by: Person, whom: CreatedUser | string, method: 'PUT' | 'DELETE' = 'PUT') =>
    by.agent.request(`/api/users/${typeof whom === 'string' ? whom : whom.username}/block`, { method });
  const blockOk = async (by: Person, whom: CreatedUser, method: 'PUT' | 'DELETE' = 'PUT') => {
    const response = await block(by, whom, method);
    expect(response.status).toBe(200);
    expect(blockStateSchema.parse(await response.json())).toEqual({ isBlocked: method === 'PUT' });
  };
  const follow = (by: Person, whom: CreatedUser, method: 'PUT' | 'DELETE' = 'PUT') =>
    by.agent.request(`/api/users/${whom.username}/follow`, { method });
  const comment = (by: Person, listId: string, content = 'Nice list') =>
    by.agent.post(`/api/checklists/${listId}/comments`, { content });
  const like = (by: Person, listId: string, method: 'PUT' | 'DELETE' = 'PUT') =>
    by.agent.request(`/api/checklists/${listId}/like`, { method });
  const commentsAs = async (agent: Agent, listId: string) =>
    commentListSchema.parse(await (await agent.request(`/api/checklists/${listId}/comments`)).json());
  const profileAs = async (agent: Agent, username: string) =>
    publicProfileSchema.parse(await (await agent.request(`/api/users/${username}`)).json());
  const notificationsOf = async (user: CreatedUser) =>
    app()
      .db.select({ type: notifications.type, actorId: notifications.actorId })
      .from(notifications)
      .where(eq(notifications.userId, user.id));
  const followsBetween = async (a: CreatedUser, b: CreatedUser) =>
    (
      await app().db.execute<{ follower_id: string }>(sql`
        select follower_id from follows
        where (follower_id = ${a.id} and followed_id = ${b.id}) or (follower_id = ${b.id} and followed_id = ${a.id})`)
    ).rows.map((row) => row.follower_id);

  return {
    person,
    withRole,
    block,
    blockOk,
    follow,
    comment,
    like,
    commentsAs,
    profileAs,
    notificationsOf,
    followsBetween,
  };
}
