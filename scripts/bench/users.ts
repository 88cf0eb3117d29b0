// The bench's signed-in users: each signs in through the API from an address of its own, as a
// browser behind the proxy would, so the product's per-user and per-address quotas hold.
import { clientAddress, sessionCookie } from '../shared/signed-in-client';
import { eachLimited } from './each-limited';
import { isSuspendedBenchUser } from './seed-moderation';
import { BASE_URL, PORT } from './serve';

/** The signed-in user of the dashboard cases: u2 writes public lists only (every 10th list is private). */
export const BENCH_USER = 'u2';
export const BENCH_PASSWORD = 'bench-password-1';

/** A seeded user's number, from its id (`u123`). */
const userNumber = (id: string) => Number(id.slice(1));

export type Signed = { userId: string; cookie: string; address: string };

/** The headers of a request as this user; `json` for a write with a JSON body. */
export const asUser = (user: Signed, json = false): Record<string, string> => ({
  cookie: user.cookie,
  'x-forwarded-for': user.address,
  ...(json ? { origin: BASE_URL, 'content-type': 'application/json' } : {}),
});

/**
 * A GET of `pathname` as each signed-in user in turn (request i is user i mod N), so a per-user
 * rate limit is met only past N × its limit a minute.
 */
export const eachUserGets = (signed: Signed[], pathname: string) =>
  signed.map((user) => ({ method: 'GET' as const, path: pathname, headers: asUser(user) }));

/** Signs a user in through the API as a browser behind our proxy would; returns the Cookie header. */
async function signIn(userId: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: BASE_URL,
      'x-forwarded-for': clientAddress(userNumber(userId)),
    },
    body: JSON.stringify({ email: `bench_${userNumber(userId)}@example.test`, password: BENCH_PASSWORD }),
  });
  const cookie = sessionCookie(response);
  if (!response.ok || !cookie) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

/**
 * Signs in `count` users spread over all `users` (never u1 or the bench user), each from an
 * address of its own, and the bench user; how long that took, in seconds.
 */
export async function signInUsers(users: number, count: number) {
  const started = performance.now();
  const step = Math.max(1, Math.floor((users - 3) / count));
  // A suspended user cannot sign in: its neighbour stands in.
  const pick = (n: number) => (isSuspendedBenchUser(n) ? n + 1 : n);
  const userIds = Array.from({ length: count }, (_, index) => `u${pick(3 + index * step)}`);
  const signed: Signed[] = [];
  await eachLimited(userIds, 4, async (userId) => {
    signed.push({ userId, cookie: await signIn(userId), address: clientAddress(userNumber(userId)) });
  });
  signed.sort((a, b) => userNumber(a.userId) - userNumber(b.userId));
  const me: Signed = { userId: BENCH_USER, cookie: await signIn(BENCH_USER), address: clientAddress(2) };
  return { signed, me, seconds: (performance.now() - started) / 1000 };
}
