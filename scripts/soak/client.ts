// HTTP as a signed-in (or anonymous) browser would speak it: every request to one of the apps,
// from the user's own address, recorded with its outcome; and the users and their sessions.
import type { CreatedUser } from '../../src/server/seed/factories';
import { sessionCookie } from '../shared/signed-in-client';
import { apps, type App } from './apps';
import { REQUEST_TIMEOUT_MS } from './options';
import { pick } from './pick';
import { now, record, type Kind, type Outcome } from './record';

/** Each user comes from an address of its own, as people do: the apps trust loopback as their proxy. */
export type SoakUser = CreatedUser & {
  creates: number;
  comments: number;
  address: string;
  recent: Map<string, number[]>;
};
/**
 * A person does not post 10 comments or make 5 lists within one minute (the per-minute quotas of
 * decision 017): the soak takes such a write only while the user's last minute is under `max`.
 */
export function isWithinBurst(user: SoakUser, action: 'comment' | 'create', max: number): boolean {
  const since = performance.now() - 60_000;
  const times = (user.recent.get(action) ?? []).filter((time) => time > since);
  user.recent.set(action, times);
  return times.length < max;
}
/** Counts a write towards the user's last minute (set-up's lists too). */
export const noteWrite = (user: SoakUser, action: 'comment' | 'create') =>
  user.recent.set(action, [...(user.recent.get(action) ?? []), performance.now()]);
export const TRUSTED_PROXIES = '127.0.0.1,::1';
/** Visitors (signed-out reads) come from a few hundred documentation-range addresses. */
const visitorAddress = () => `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
export type Session = { user: SoakUser; cookie: string };

let inFlight = 0;
/** Requests sent and not yet ended. */
export const inFlightCount = () => inFlight;
const pickApp = () => pick(apps)!;

export async function call(
  kind: Kind,
  method: string,
  pathname: string,
  {
    session,
    body,
    app = pickApp(),
    address = session?.user.address ?? visitorAddress(),
  }: { session?: Session | undefined; body?: unknown; app?: App; address?: string } = {},
): Promise<{ outcome: Outcome; json: unknown; response?: Response }> {
  const startedAt = now();
  const headers: Record<string, string> = { 'x-forwarded-for': address };
  if (session) headers.cookie = session.cookie;
  // The API refuses writes from other origins; a browser sends its own.
  if (method !== 'GET') headers.origin = app.baseUrl;
  if (body !== undefined) headers['content-type'] = 'application/json';
  inFlight++;
  try {
    const response = await fetch(`${app.baseUrl}${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    record(kind, startedAt, response.status, `${method} ${pathname} ${text.slice(0, 200)}`);
    return { outcome: response.status, json, response };
  } catch (error) {
    const outcome = (error as Error).name === 'TimeoutError' ? 'timeout' : 'net';
    record(kind, startedAt, outcome, `${method} ${pathname} ${(error as Error).message}`);
    return { outcome, json: null };
  } finally {
    inFlight--;
  }
}

export const users: SoakUser[] = [];
export const sessions: Session[] = [];
export const sessionOf = new Map<string, Session>();
let signIns = 0;
/** Sign-ins sent so far. */
export const signInCount = () => signIns;

export async function signIn(user: SoakUser): Promise<void> {
  signIns++;
  const { outcome, response } = await call('sign-in', 'POST', '/api/auth/sign-in/email', {
    body: { email: user.email, password: user.password },
    address: user.address,
  });
  if (outcome !== 200 || !response) return;
  const session = { user, cookie: sessionCookie(response) };
  if (!sessionOf.has(user.id)) sessions.push(session);
  else sessions[sessions.indexOf(sessionOf.get(user.id)!)] = session;
  sessionOf.set(user.id, session);
}
