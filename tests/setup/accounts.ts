import { beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/** A valid sign-up form, with `overrides` on top. */
export const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  username: 'river_song',
  email: 'river@example.test',
  password: 'spoilers-sweetie',
  confirmPassword: 'spoilers-sweetie',
  acceptTerms: true,
  ...overrides,
});

/**
 * Makes the test file's app in `beforeAll` (handing it to `use`); returns password sign-ins on it.
 */
export function useAccountApp(use: (app: TestApp) => void) {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    use(t);
  });
  /** A new agent's sign-in with `email` and `password`: the agent, and the response to check. */
  async function signIn(email: string, password: string, rememberMe = true) {
    const agent = t.agent();
    const response = await agent.post('/api/auth/sign-in/email', { email, password, rememberMe });
    return { agent, response };
  }
  return { signIn };
}
