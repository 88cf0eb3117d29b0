import { describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/seed/factories';
import { signUpBody, useAccountApp } from '../setup/accounts';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
const { signIn } = useAccountApp((app) => (t = app));

describe('sessions and cookies', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie; Remember me makes it last 30 days, otherwise it ends with the browser', async () => {
    const user = await createUser(t.db, { password: 'remember-this-1' });
    const remembered = await signIn(user.email, 'remember-this-1', true);
    const rememberedCookie = remembered.response.headers.getSetCookie().find((c) => c.includes('session_token'))!;
    expect(rememberedCookie).toMatch(/HttpOnly/i);
    expect(rememberedCookie).toMatch(/SameSite=Lax/i);
    expect(rememberedCookie).not.toMatch(/Secure/i);
    expect(Number(rememberedCookie.match(/Max-Age=(\d+)/i)![1])).toBe(30 * 24 * 60 * 60);

    const browserOnly = await signIn(user.email, 'remember-this-1', false);
    const sessionCookie = browserOnly.response.headers.getSetCookie().find((c) => c.includes('session_token'))!;
    expect(sessionCookie).not.toMatch(/Max-Age/i);
    expect(sessionCookie).not.toMatch(/Expires/i);
  });

  it('marks cookies Secure when BASE_URL is https', async () => {
    const secure = await createTestApp({ baseUrl: 'https://ticklist.example', db: t.db });
    const user = await createUser(t.db, { password: 'secure-cookie-1' });
    const response = await secure
      .agent()
      .post('/api/auth/sign-in/email', { email: user.email, password: 'secure-cookie-1' });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token'))!;
    expect(cookie).toMatch(/Secure/);
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('refuses state-changing requests from another origin', async () => {
    const response = await t
      .agent()
      .post('/api/accounts/sign-up', signUpBody(), { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    const signInAttempt = await t.agent().post(
      '/api/auth/sign-in/email',
      { email: 'a@b.test', password: 'whatever1' },
      {
        headers: { origin: 'https://evil.example' },
      },
    );
    expect(signInAttempt.status).toBe(403);
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const response = await t.agent().request('/api/health');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('request hygiene', () => {
  it('refuses request bodies over 64 KiB', async () => {
    const response = await t.agent().post('/api/accounts/sign-up', signUpBody({ username: 'x'.repeat(70 * 1024) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The request is too large.', code: 'too_large' });
    // Whatever the method that carries a body, and before sign-in is even asked about.
    const big = { title: 'x'.repeat(70 * 1024) };
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      const refused = await t
        .agent()
        .request('/api/checklists/00000000-0000-4000-8000-000000000000', { method, json: big });
      expect(refused.status).toBe(413);
    }
  });

  it('refuses redirect targets on other sites, also when NODE_ENV is test', async () => {
    const user = await createUser(t.db);
    const response = await t
      .agent()
      .post('/api/auth/request-password-reset', { email: user.email, redirectTo: 'https://evil.example/steal' });
    expect(response.status).toBe(403);
    expect((await t.outbox()).some((mail) => mail.to === user.email)).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  it('describes the routes', async () => {
    const response = await t.agent().request('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/accounts/sign-up',
        '/api/accounts/username-availability',
        '/api/accounts/me',
        '/api/accounts/change-password',
        '/api/accounts/change-email',
        '/api/checklists',
        '/api/checklists/{id}',
        '/api/library/groups',
      ]),
    );
  });
});
