import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { describe, expect, it } from 'vitest';
import { perAddress, perUser, requireUser, type AppEnv, type SessionUser } from './http';
import type { RateDecision } from './security/rate-limit';

// A signed-in route with both kinds of rate limit: the per-user ones are counted by the statement
// that reads the session (when it could count them), the per-address ones after it, each once.
// The session and the counts are stand-ins here: what is checked is which limit the middleware
// asks to count, where, and in what order.

const user: SessionUser = { id: 'user-1', email: 'a@example.com', emailVerified: true, sessionId: 's-1' };
const allowed: RateDecision = { allowed: true };
const refused: RateDecision = { allowed: false, retryAfterSeconds: 30 };

function appWith({ withSession, byAddress }: { withSession: RateDecision | undefined; byAddress: RateDecision }) {
  const calls: string[] = [];
  const app = new Hono<AppEnv>();
  app.use(
    createMiddleware<AppEnv>(async (c, next) => {
      c.set('clientIp', '203.0.113.9');
      c.set('currentUser', async () => (calls.push('session'), user));
      c.set('currentUserWriting', async () => {
        throw new Error('not a write');
      });
      c.set('currentUserLimited', async (rules) => {
        calls.push(`session counting ${rules.join(', ')}`);
        return { user, decision: withSession };
      });
      c.set('consumeRate', async (rule, ...parts) => (calls.push(`${rule} ${parts.join(' ')}`), byAddress));
      await next();
    }),
  );
  app.get('/read', requireUser({ limits: [perAddress('remixesPerIp'), perUser('runHistoryPerUser')] }), (c) =>
    c.json({ ok: true }),
  );
  return { app, calls };
}

describe('a signed-in route under per-user and per-address limits', () => {
  it('counts the per-user limit with the session and the per-address one after it, each once', async () => {
    const { app, calls } = appWith({ withSession: allowed, byAddress: allowed });
    expect((await app.request('/read')).status).toBe(200);
    expect(calls).toEqual(['session counting runHistoryPerUser', 'remixesPerIp 203.0.113.9']);
  });

  it('refuses what the session’s count refuses without counting the address', async () => {
    const { app, calls } = appWith({ withSession: refused, byAddress: allowed });
    const response = await app.request('/read');
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('30');
    expect(calls).toEqual(['session counting runHistoryPerUser']);
  });

  it('refuses what the address’s count refuses', async () => {
    const { app, calls } = appWith({ withSession: allowed, byAddress: refused });
    expect((await app.request('/read')).status).toBe(429);
    expect(calls).toEqual(['session counting runHistoryPerUser', 'remixesPerIp 203.0.113.9']);
  });

  it('counts every limit after the session, in the order declared, when the session’s statement could not', async () => {
    const { app, calls } = appWith({ withSession: undefined, byAddress: allowed });
    expect((await app.request('/read')).status).toBe(200);
    expect(calls).toEqual([
      'session counting runHistoryPerUser',
      'remixesPerIp 203.0.113.9',
      'runHistoryPerUser user-1',
    ]);
  });
});
