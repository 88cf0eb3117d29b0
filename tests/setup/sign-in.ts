import { eq } from 'drizzle-orm';
import { SESSION_DAYS } from '../../src/domain/accounts/lifetimes';
import { sessions } from '../../src/server/db/schema';
import { createUser, type CreatedUser } from '../../src/server/seed/factories';
import { createTestApp, type Agent, type TestApp } from './test-app';

/** An agent signed in as `user` over HTTP, like a browser after the sign-in form. */
export async function signedInAgent(t: TestApp, user: CreatedUser): Promise<Agent> {
  const agent = t.agent();
  const response = await agent.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
  if (response.status !== 200) throw new Error(`sign-in failed for ${user.email}: ${response.status}`);
  return agent;
}

type UserSeed = Parameters<typeof createUser>[1];

/**
 * A test file's app with a user made from each of `seeds` (createUser's overrides, by the name the
 * file gives that user), in order, and an agent signed in as each, under the same name.
 */
export async function createAppWithUsers<Name extends string>(
  seeds: Record<Name, UserSeed>,
  appOptions?: Parameters<typeof createTestApp>[0],
): Promise<{ t: TestApp; users: Record<Name, CreatedUser>; agents: Record<Name, Agent> }> {
  const t = await createTestApp(appOptions);
  const users = {} as Record<Name, CreatedUser>;
  for (const [name, seed] of Object.entries<UserSeed>(seeds)) users[name as Name] = await createUser(t.db, seed);
  const agents = {} as Record<Name, Agent>;
  for (const name of Object.keys(users) as Name[]) agents[name] = await signedInAgent(t, users[name]);
  return { t, users, agents };
}

/**
 * Makes `userId`'s sessions look signed in two days ago: due for their sliding renewal, so the next
 * request's session is read by Better Auth, which renews it, rather than by our own lookup.
 */
export async function makeSessionsDueForRenewal(t: TestApp, userId: string): Promise<void> {
  const twoDaysAgo = Date.now() - 2 * 24 * 60 * 60 * 1000;
  await t.db
    .update(sessions)
    .set({ expiresAt: new Date(twoDaysAgo + SESSION_DAYS * 24 * 60 * 60 * 1000) })
    .where(eq(sessions.userId, userId));
}
