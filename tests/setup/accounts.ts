import type { TestApp } from './test-app';

/** A valid sign-up form, with `overrides` on top. */
export const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  username: 'river_song',
  email: 'river@example.test',
  password: 'spoilers-sweetie',
  confirmPassword: 'spoilers-sweetie',
  acceptTerms: true,
  ...overrides,
});

/** Password sign-ins on the test file's app (`app()`: made in its beforeAll). */
export function passwordSignIn(app: () => TestApp) {
  /** A new agent's sign-in with `email` and `password`: the agent, and the response to check. */
  async function signIn(email: string, password: string, rememberMe = true) {
    const agent = app().agent();
    const response = await agent.post('/api/auth/sign-in/email', { email, password, rememberMe });
    return { agent, response };
  }
  return { signIn };
}
