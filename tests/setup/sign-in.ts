import type { CreatedUser } from '../../src/server/seed/factories';
import type { Agent, TestApp } from './test-app';

/** An agent signed in as `user` over HTTP, like a browser after the sign-in form. */
export async function signedInAgent(t: TestApp, user: CreatedUser): Promise<Agent> {
  const agent = t.agent();
  const response = await agent.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
  if (response.status !== 200) throw new Error(`sign-in failed for ${user.email}: ${response.status}`);
  return agent;
}
