// `npm run soak -- [--minutes 10] [--rate 30] [--streams 200]`
//
// A soak you can run (issue 10): two built app processes on one throwaway embedded PostgreSQL,
// a mixed workload at a fixed overall rate (browse, search, detail, sign-in, ticks, likes,
// comments, follows, creates, edits) from many signed-in users, N notification streams held open
// (and reopened after 1–10 s when they end, as the browser does), and one restart of the database
// half-way through. Prints a row a minute: the answers that arrived in it (stream opens included;
// p95 over the other requests), by status, the streams open at its end, how many were opened,
// ended by the server, and `unread` events received, and each app process's RSS. At the end it
// checks every acknowledged write in the database. Exits 1 on a lost write, on an error other than
// 503 while the database was away, on another 5xx (or no answer) outside it, or when an app process
// died or did not stop with 0 on SIGTERM. Loopback only; everything it starts it stops, also on Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
// @ts-expect-error: a plain ES module without types, shared with `npm start`
import { build, isBuildFresh } from './build.mjs';
import type { ChecklistInput } from '../src/domain/checklists/checklist-input';
import { ESTIMATED_TIMES } from '../src/domain/checklists/checklist-fields';
import { DIFFICULTIES } from '../src/domain/checklists/checklist-view';
import { hashPassword } from '../src/server/accounts/password-hash';
import { applyMigrations, connectDatabase } from '../src/server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/server/db/embedded-postgres';
import { createUser, type CreatedUser } from '../src/server/seed/factories';

const flag = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? fallback : Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const minutes = flag('minutes', 10);
const rate = flag('rate', 30);
const streamCount = Math.round(flag('streams', 200));

// Sign-ins are limited per client address and per account (security/rate-limit.ts); each user has
// an address of its own (X-Forwarded-For through the trusted loopback proxy), and 50 sign-ins at the
// start and one every 15 s keep the pace of people.
const FIRST_SIGN_INS = 50; // at 4 tabs each, enough for 200 streams from the start
const SIGN_IN_EVERY_MS = 15_000;
const USER_COUNT = 150;
const LISTS_PER_FIRST_USER = 3;
// Per-user write quotas (decision 017: 30 new lists and 120 comments a day): stay under them.
const MAX_CREATES_PER_USER = 25;
const MAX_COMMENTS_PER_USER = 100;
const REQUEST_TIMEOUT_MS = 30_000;
/** Past this many requests in flight the soak skips a beat rather than pile up (and says so). */
const MAX_IN_FLIGHT = 300;
const OUTAGE_MS = 5_000;
/** After the database is back, requests still find dead pooled connections for a moment. */
const RECOVERY_GRACE_MS = 15_000;
const STOP_TIMEOUT_MS = 20_000;
/** Memory is judged from the end of this minute of load (JIT, pools and caches warmed) to the end. */
const WARM_UP_MINUTES = 2;
/** The issue's bar: RSS flat within 10 % after warm-up. */
const MEMORY_GROWTH_LIMIT = 0.1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const rssMiB = (pid: number | undefined) => {
  try {
    return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;
  } catch {
    return NaN;
  }
};

// ---------------------------------------------------------------------------------------------
// What was asked and what came back

type Outcome = number | 'net' | 'timeout';
type Kind =
  | 'browse'
  | 'search'
  | 'detail'
  | 'sign-in'
  | 'tick'
  | 'like'
  | 'comment'
  | 'follow'
  | 'create'
  | 'edit'
  | 'unread'
  | 'stream';
/** What a write's answer says about its effect: done, certainly not done, or cannot tell. */
type WriteResult = 'acked' | 'refused' | 'unknown';
const writeResult = (outcome: Outcome): WriteResult =>
  typeof outcome === 'number' && outcome < 300
    ? 'acked'
    : typeof outcome === 'number' && outcome < 500
      ? 'refused'
      : 'unknown';

type MinuteStats = {
  latencies: number[];
  requests: number;
  ok: number;
  unavailable: number;
  otherErrors: Map<string, number>;
  streamOpens: number;
  streamEnds: number;
  events: number;
  skipped: number;
};
const newMinute = (): MinuteStats => ({
  latencies: [],
  requests: 0,
  ok: 0,
  unavailable: 0,
  otherErrors: new Map(),
  streamOpens: 0,
  streamEnds: 0,
  events: 0,
  skipped: 0,
});

let loadStartedAt = 0;
const now = () => performance.now() - loadStartedAt;
const minutesStats: MinuteStats[] = [];
/** The answers of the setup (the first sign-ins and lists), kept apart from the timed minutes. */
let setupStats: MinuteStats | null = newMinute();
const minuteNow = () => {
  if (setupStats) return setupStats;
  const index = Math.max(0, Math.min(Math.ceil(minutes) - 1, Math.floor(now() / 60_000)));
  return (minutesStats[index] ??= newMinute());
};

/** The database outage: from the stop until a grace period after it is back. */
const outage = { stoppedAt: NaN, startedAgainAt: NaN, endsAt: NaN };
const duringOutage = (startedAt: number, endedAt: number) =>
  !Number.isNaN(outage.stoppedAt) &&
  endedAt >= outage.stoppedAt &&
  (Number.isNaN(outage.endsAt) || startedAt <= outage.endsAt);
const outageCounts = { requests: 0, ok: 0, unavailable: 0, lastUnavailableAt: NaN, other: new Map<string, number>() };
const errorsOutside = new Map<string, number>();
const errorExamples: string[] = [];
const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

function record(kind: Kind, startedAt: number, outcome: Outcome, detail: string) {
  const endedAt = now();
  const minute = minuteNow();
  minute.requests++;
  if (kind === 'stream') minute.streamOpens++;
  else minute.latencies.push(endedAt - startedAt);
  const isOk = typeof outcome === 'number' && outcome >= 200 && outcome < 300;
  if (isOk) minute.ok++;
  else if (outcome === 503) minute.unavailable++;
  else bump(minute.otherErrors, String(outcome));

  if (duringOutage(startedAt, endedAt)) {
    outageCounts.requests++;
    if (isOk) outageCounts.ok++;
    else if (outcome === 503) {
      outageCounts.unavailable++;
      outageCounts.lastUnavailableAt = endedAt;
    } else bump(outageCounts.other, `${outcome} ${kind}`);
  } else if (!isOk) {
    bump(errorsOutside, `${outcome} ${kind}`);
  }
  if (!isOk && outcome !== 503 && errorExamples.length < 30) {
    errorExamples.push(`${(endedAt / 1000).toFixed(1)} s ${kind} → ${outcome} ${detail}`.slice(0, 400));
  }
}

// ---------------------------------------------------------------------------------------------
// The app processes

type App = {
  index: number;
  baseUrl: string;
  child: ChildProcess;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isStopping: boolean;
  diedWith?: string;
  logCounts: Map<string, number>;
  errorLines: string[];
};

function startApp(index: number, port: number, env: Record<string, string>): App {
  const baseUrl = `http://localhost:${port}`;
  // Its own process group, so a Ctrl-C reaches the soak, which then stops the apps in order.
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), BASE_URL: baseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const app: App = {
    index,
    baseUrl,
    child,
    exit: new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal }))),
    isStopping: false,
    logCounts: new Map(),
    errorLines: [],
  };
  void app.exit.then(({ code, signal }) => {
    if (!app.isStopping) app.diedWith = `exit code ${code}, signal ${signal}`;
  });
  let pending = '';
  const onData = (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      let level = 'out';
      let message = line.slice(0, 120);
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string };
        level =
          entry.level === 40
            ? 'warn'
            : entry.level === 50
              ? 'error'
              : entry.level === 60
                ? 'fatal'
                : String(entry.level);
        message = entry.msg ?? message;
      } catch {
        // not pino's JSON: a plain line (a crash's stack trace, say)
      }
      bump(app.logCounts, `${level}: ${message}`);
      if (level !== 'warn' && app.errorLines.length < 20) app.errorLines.push(line.slice(0, 2000));
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  return app;
}

async function waitUntilReady(app: App) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (app.diedWith)
      throw new Error(`app ${app.index + 1} exited at start-up (${app.diedWith}):\n${app.errorLines.join('\n')}`);
    const ready = await fetch(`${app.baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await sleep(250);
  }
  throw new Error(`app ${app.index + 1} was not ready within 60 s`);
}

async function stopApp(app: App): Promise<string | null> {
  if (app.diedWith) return `died during the run (${app.diedWith})`;
  app.isStopping = true;
  app.child.kill('SIGTERM');
  const exit = await Promise.race([app.exit, sleep(STOP_TIMEOUT_MS).then(() => null)]);
  if (!exit) {
    app.child.kill('SIGKILL');
    return `did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM (killed)`;
  }
  return exit.code === 0 ? null : `stopped with exit code ${exit.code}, signal ${exit.signal}`;
}

// ---------------------------------------------------------------------------------------------
// HTTP as a signed-in (or anonymous) browser would speak it

/** Each user comes from an address of its own, as people do: the apps trust loopback as their proxy. */
type SoakUser = CreatedUser & { creates: number; comments: number; address: string; recent: Map<string, number[]> };
/**
 * A person does not post 10 comments or make 5 lists within one minute (the per-minute quotas of
 * decision 017): the soak takes such a write only while the user's last minute is under `max`.
 */
function isWithinBurst(user: SoakUser, action: 'comment' | 'create', max: number): boolean {
  const since = performance.now() - 60_000;
  const times = (user.recent.get(action) ?? []).filter((time) => time > since);
  user.recent.set(action, times);
  return times.length < max;
}
/** Counts a write towards the user's last minute (set-up's lists too). */
const noteWrite = (user: SoakUser, action: 'comment' | 'create') =>
  user.recent.set(action, [...(user.recent.get(action) ?? []), performance.now()]);
const TRUSTED_PROXIES = '127.0.0.1,::1';
const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
/** Visitors (signed-out reads) come from a few hundred documentation-range addresses. */
const visitorAddress = () => `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
type Session = { user: SoakUser; cookie: string };

let apps: App[] = [];
let inFlight = 0;
const pickApp = () => pick(apps)!;

async function call(
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

const users: SoakUser[] = [];
const sessions: Session[] = [];
const sessionOf = new Map<string, Session>();
let signInCount = 0;

async function signIn(user: SoakUser): Promise<void> {
  signInCount++;
  const { outcome, response } = await call('sign-in', 'POST', '/api/auth/sign-in/email', {
    body: { email: user.email, password: user.password },
    address: user.address,
  });
  if (outcome !== 200 || !response) return;
  const cookie = response.headers
    .getSetCookie()
    .map((each) => each.split(';')[0])
    .join('; ');
  const session = { user, cookie };
  if (!sessionOf.has(user.id)) sessions.push(session);
  else sessions[sessions.indexOf(sessionOf.get(user.id)!)] = session;
  sessionOf.set(user.id, session);
}

// ---------------------------------------------------------------------------------------------
// The lists, and the ledger of acknowledged writes

const TOPICS = [
  {
    word: 'camping',
    items: ['Tent and pegs', 'Sleeping bag', 'Head torch', 'Water filter', 'Camp stove', 'First aid kit'],
  },
  { word: 'moving', items: ['Book the van', 'Redirect post', 'Pack the kitchen', 'Read the meters', 'Label boxes'] },
  {
    word: 'garden',
    items: ['Sharpen the shears', 'Sow the beans', 'Turn the compost', 'Water the pots', 'Weed the beds'],
  },
  {
    word: 'baking',
    items: ['Weigh the flour', 'Warm the oven', 'Proof the dough', 'Grease the tin', 'Cool on a rack'],
  },
  { word: 'travel', items: ['Passport', 'Chargers', 'Travel insurance', 'Boarding pass', 'Spare socks', 'Snacks'] },
  { word: 'cycling', items: ['Pump the tyres', 'Check the brakes', 'Oil the chain', 'Lights charged', 'Spare tube'] },
] as const;
const ADJECTIVES = ['Weekend', 'Quick', 'Complete', 'Simple', 'Family', 'Rainy day', 'Winter', 'Summer'];

type SoakList = {
  id: string;
  ownerId: string;
  input: ChecklistInput;
  itemIds: string[];
  isBusy: boolean;
  edits: { title: string; result: WriteResult }[];
};
const lists: SoakList[] = [];
const ledger = {
  creates: [] as string[],
  comments: [] as string[],
  ticks: [] as { userId: string; itemId: string }[],
  likes: 0,
  follows: 0,
  edits: 0,
};
/** Likes and follows are toggled; what counts is the final state after the last answered toggle. */
type Toggle = { isBusy: boolean; attempts: { isOn: boolean; result: WriteResult }[] };
const toggles = new Map<string, Toggle>();
let listSequence = 0;

function newChecklistInput(): ChecklistInput {
  const topic = pick(TOPICS)!;
  const items = [...topic.items].sort(() => Math.random() - 0.5).slice(0, 3 + Math.floor(Math.random() * 3));
  return {
    title: `${pick(ADJECTIVES)} ${topic.word} checklist ${++listSequence}`,
    description: `What to remember for ${topic.word}, written by the soak.`,
    items,
    tags: [topic.word, ...(Math.random() < 0.5 ? ['soak'] : [])],
    estimatedTime: pick(ESTIMATED_TIMES)!,
    difficulty: pick(DIFFICULTIES)!,
  };
}

async function createList(session: Session): Promise<void> {
  const input = newChecklistInput();
  session.user.creates++;
  noteWrite(session.user, 'create');
  const { outcome, json } = await call('create', 'POST', '/api/checklists', { session, body: input });
  if (writeResult(outcome) !== 'acked') return;
  const id = (json as { id: string }).id;
  ledger.creates.push(id);
  lists.push({ id, ownerId: session.user.id, input, itemIds: [], isBusy: false, edits: [] });
}

async function readDetail(list: SoakList, session?: Session): Promise<void> {
  const { outcome, json } = await call('detail', 'GET', `/api/checklists/${list.id}`, { session });
  if (outcome === 200) list.itemIds = (json as { items: { id: string }[] }).items.map((item) => item.id);
}

async function editList(list: SoakList, session: Session): Promise<void> {
  list.isBusy = true;
  // Items stay as they are, so every tick on them stays (an edit keeps unchanged items' ids).
  const title = `${list.input.title} (edit ${list.edits.length + 1})`.slice(0, 120);
  const body: ChecklistInput = {
    ...list.input,
    title,
    description: `${list.input.description} Edited at ${new Date().toISOString()}.`,
    difficulty: pick(DIFFICULTIES)!,
  };
  const { outcome } = await call('edit', 'PUT', `/api/checklists/${list.id}`, { session, body });
  const result = writeResult(outcome);
  list.edits.push({ title, result });
  if (result === 'acked') ledger.edits++;
  list.isBusy = false;
}

async function toggle(kind: 'like' | 'follow', key: string, pathname: string, session: Session): Promise<void> {
  const state = toggles.get(key) ?? { isBusy: false, attempts: [] };
  toggles.set(key, state);
  if (state.isBusy) return;
  state.isBusy = true;
  const lastAnswered = state.attempts.findLast((attempt) => attempt.result === 'acked');
  const isOn = !(lastAnswered?.isOn ?? false);
  const { outcome } = await call(kind, isOn ? 'PUT' : 'DELETE', pathname, { session });
  const result = writeResult(outcome);
  state.attempts.push({ isOn, result });
  if (result === 'acked') ledger[kind === 'like' ? 'likes' : 'follows']++;
  state.isBusy = false;
}

// ---------------------------------------------------------------------------------------------
// The workload: one action at a time, chosen by weight, at a fixed overall rate

const WEIGHTS: [Kind, number][] = [
  ['browse', 22],
  ['search', 14],
  ['detail', 26],
  ['tick', 10],
  ['like', 8],
  ['comment', 5],
  ['follow', 4],
  ['edit', 4],
  ['create', 2],
  ['unread', 5],
];
const totalWeight = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
const chooseKind = (): Kind => {
  let roll = Math.random() * totalWeight;
  for (const [kind, weight] of WEIGHTS) if ((roll -= weight) < 0) return kind;
  return 'browse';
};

function browse(): Promise<unknown> {
  const order = pick(['newest', 'most-used', 'most-liked'])!;
  const page = Math.floor(Math.random() * 3);
  const tag = Math.random() < 0.3 ? `&tag=${pick(TOPICS)!.word}` : '';
  return call('browse', 'GET', `/api/checklists?order=${order}&page=${page}${tag}`, {
    session: Math.random() < 0.5 ? pick(sessions) : undefined,
  });
}

function act(kind: Kind): Promise<unknown> {
  const session = pick(sessions);
  const list = pick(lists);
  if (!session || !list) return browse();
  switch (kind) {
    case 'search': {
      const topic = pick(TOPICS)!;
      const term = Math.random() < 0.5 ? topic.word.slice(0, 4) : pick(topic.items)!.split(' ')[0]!.toLowerCase();
      return call('search', 'GET', `/api/checklists?q=${encodeURIComponent(term)}`);
    }
    case 'detail':
      return readDetail(list, Math.random() < 0.6 ? session : undefined);
    case 'tick': {
      const itemId = pick(list.itemIds);
      if (!itemId) return readDetail(list, session);
      return call('tick', 'PUT', `/api/checklists/${list.id}/items/${itemId}/done`, { session }).then(({ outcome }) => {
        if (writeResult(outcome) === 'acked') ledger.ticks.push({ userId: session.user.id, itemId });
      });
    }
    case 'like':
      if (list.ownerId === session.user.id) return browse();
      return toggle('like', `like:${list.id}:${session.user.id}`, `/api/checklists/${list.id}/like`, session);
    case 'comment': {
      if (session.user.comments >= MAX_COMMENTS_PER_USER || !isWithinBurst(session.user, 'comment', 8)) return browse();
      session.user.comments++;
      noteWrite(session.user, 'comment');
      const content = `Comment ${session.user.comments} from ${session.user.username}: ${pick(TOPICS)!.word} tips welcome.`;
      return call('comment', 'POST', `/api/checklists/${list.id}/comments`, { session, body: { content } }).then(
        ({ outcome, json }) => {
          if (writeResult(outcome) === 'acked') ledger.comments.push((json as { id: string }).id);
        },
      );
    }
    case 'follow': {
      const other = pick(users)!;
      if (other.id === session.user.id) return browse();
      return toggle('follow', `follow:${session.user.id}:${other.id}`, `/api/users/${other.username}/follow`, session);
    }
    case 'edit': {
      const own = lists.filter((each) => !each.isBusy && sessionOf.has(each.ownerId));
      const target = pick(own);
      return target ? editList(target, sessionOf.get(target.ownerId)!) : browse();
    }
    case 'create': {
      const author = pick(sessions.filter((each) => each.user.creates < MAX_CREATES_PER_USER));
      return author && isWithinBurst(author.user, 'create', 4) ? createList(author) : browse();
    }
    case 'unread':
      return call('unread', 'GET', '/api/notifications/unread-count', { session });
    default:
      return browse();
  }
}

// ---------------------------------------------------------------------------------------------
// Notification streams, held as the browser's EventSource holds them

let isStopping = false;
let openStreams = 0;
const streamControllers = new Set<AbortController>();
/** A person keeps a few tabs open, under the server's cap of 5 streams a user. */
const TABS_PER_USER = 4;
const streamsOfUser = new Map<string, number>();

async function holdStream(slot: number): Promise<void> {
  while (!isStopping) {
    const session = pick(sessions.filter((each) => (streamsOfUser.get(each.user.id) ?? 0) < TABS_PER_USER));
    const app = apps[slot % apps.length]!;
    if (session) {
      // Counted from the moment it is asked for: the streams opening at once stay under the cap too
      // (the cap is the user's on all processes together, decision 043).
      streamsOfUser.set(session.user.id, (streamsOfUser.get(session.user.id) ?? 0) + 1);
      const controller = new AbortController();
      streamControllers.add(controller);
      const startedAt = now();
      const headersTimeout = setTimeout(() => controller.abort(new Error('no answer')), REQUEST_TIMEOUT_MS);
      try {
        const response = await fetch(`${app.baseUrl}/api/notifications/stream`, {
          headers: { cookie: session.cookie, 'x-forwarded-for': session.user.address },
          signal: controller.signal,
        });
        clearTimeout(headersTimeout);
        record('stream', startedAt, response.status, response.ok ? '' : (await response.text()).slice(0, 200));
        if (response.ok && response.body) {
          openStreams++;
          const reader = response.body.getReader();
          const decoder = new TextDecoder();
          try {
            for (let read = await reader.read(); !read.done; read = await reader.read()) {
              const text = decoder.decode(read.value, { stream: true });
              minuteNow().events += text.match(/^event: unread$/gm)?.length ?? 0;
            }
          } catch {
            // the stream was cut: the server went away, or we aborted it
          } finally {
            openStreams--;
            if (!isStopping) minuteNow().streamEnds++;
          }
        }
      } catch (error) {
        clearTimeout(headersTimeout);
        const outcome = controller.signal.reason instanceof Error ? 'timeout' : 'net';
        if (!isStopping) record('stream', startedAt, outcome, (error as Error).message);
      } finally {
        streamControllers.delete(controller);
        streamsOfUser.set(session.user.id, (streamsOfUser.get(session.user.id) ?? 1) - 1);
      }
    }
    if (!isStopping) await sleep(1_000 + Math.random() * 9_000);
  }
}

// ---------------------------------------------------------------------------------------------
// The run

const root = mkdtempSync(path.join(os.tmpdir(), 'ticklist-soak-'));
chmodSync(root, 0o755); // the embedded PostgreSQL runs as another user when we are root
const databaseDir = path.join(root, 'db');
const appDataDir = path.join(root, 'app');
mkdirSync(appDataDir);
const databaseLogger = pino({ level: 'warn' });
let database: EmbeddedDatabase | undefined;
let isInterrupted = false;
const interrupted = new AbortController();
const failures: string[] = [];

const onSignal = (signal: NodeJS.Signals) => {
  if (isInterrupted) {
    for (const app of apps) app.child.kill('SIGKILL');
    process.exit(130);
  }
  isInterrupted = true;
  console.log(`\n${signal}: stopping the soak and cleaning up (again to force)...`);
  interrupted.abort();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
// Whatever happens, no app process outlives the soak.
process.on('exit', () => {
  for (const app of apps) if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
});
const checkInterrupted = () => {
  if (isInterrupted) throw new Error('interrupted');
};
const interruptibleSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const onAbort = () => (clearTimeout(timer), resolve());
    const timer = setTimeout(() => (interrupted.signal.removeEventListener('abort', onAbort), resolve()), ms);
    interrupted.signal.addEventListener('abort', onAbort, { once: true });
  });

/** Each process's RSS (MiB) at the end of each minute of load, for the memory verdict. */
const rssByMinute: number[][] = [];

function printRow(label: string, minute: MinuteStats, note: string) {
  const others = [...minute.otherErrors].map(([status, count]) => `${status}×${count}`).join(' ') || '-';
  const readings = apps.map((app) => rssMiB(app.child.pid));
  if (label !== 'setup') rssByMinute.push(readings);
  const rss = readings.map((reading) => `${reading.toFixed(0).padStart(5)}`).join(' ');
  console.log(
    `${label.padStart(5)} ${String(minute.requests).padStart(8)} ${percentile(minute.latencies, 95)
      .toFixed(0)
      .padStart(
        7,
      )} ${String(minute.ok).padStart(6)} ${String(minute.unavailable).padStart(5)}  ${others.padEnd(20)} ${String(
      openStreams,
    ).padStart(6)} ${String(minute.streamOpens).padStart(7)} ${String(minute.streamEnds).padStart(5)} ${String(
      minute.events,
    ).padStart(7)} ${rss}  ${note}`,
  );
}

async function restartDatabase(port: number, log: (note: string) => void) {
  outage.stoppedAt = now();
  log(`database stopped at ${(outage.stoppedAt / 1000).toFixed(0)} s`);
  await database!.stop();
  database = undefined;
  await sleep(OUTAGE_MS);
  database = await startEmbeddedPostgres(databaseDir, databaseLogger, { port });
  outage.startedAgainAt = now();
  outage.endsAt = outage.startedAgainAt + RECOVERY_GRACE_MS;
  log(`database back at ${(outage.startedAgainAt / 1000).toFixed(0)} s`);
}

async function runLoad(databasePort: number) {
  const durationMs = minutes * 60_000;
  const restartAtMs = durationMs / 2;
  let launched = 0;
  let nextSignInAt = SIGN_IN_EVERY_MS;
  let nextRowAt = 60_000;
  let notes: string[] = [];
  let restart: Promise<void> | undefined;
  const running = new Set<Promise<unknown>>();
  const launch = (work: Promise<unknown>) => {
    const tracked = work.catch((error: unknown) => failures.push(`the soak itself failed: ${String(error)}`));
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
  };

  while (!isInterrupted && now() < durationMs) {
    const elapsed = now();
    if (!restart && elapsed >= restartAtMs) {
      restart = restartDatabase(databasePort, (note) => notes.push(note)).catch((error: unknown) => {
        failures.push(`the database did not start again: ${String(error)}`);
      });
    }
    if (elapsed >= nextSignInAt) {
      nextSignInAt += SIGN_IN_EVERY_MS;
      const user = users.find((each) => !sessionOf.has(each.id)) ?? pick(users)!;
      launch(signIn(user));
    }
    const due = Math.floor((elapsed / 1000) * rate) - launched;
    for (let index = 0; index < due; index++) {
      launched++;
      if (inFlight >= MAX_IN_FLIGHT) minuteNow().skipped++;
      else launch(act(chooseKind()));
    }
    if (elapsed >= nextRowAt) {
      const index = Math.round(nextRowAt / 60_000) - 1;
      const minute = minutesStats[index] ?? newMinute();
      if (minute.skipped) notes.push(`${minute.skipped} skipped (over ${MAX_IN_FLIGHT} in flight)`);
      printRow(String(index + 1), minute, notes.join('; '));
      notes = [];
      nextRowAt += 60_000;
    }
    await interruptibleSleep(50);
  }
  // Let the last requests finish (each is bounded by its own timeout).
  await Promise.race([Promise.all(running), interruptibleSleep(REQUEST_TIMEOUT_MS + 5_000)]);
  await restart;
  if (nextRowAt <= durationMs + 1) {
    const index = Math.round(nextRowAt / 60_000) - 1;
    printRow(String(index + 1), minutesStats[index] ?? newMinute(), notes.join('; '));
  }
}

async function verifyWrites(url: string): Promise<number> {
  const db = connectDatabase(url, { max: 2 });
  try {
    const rows = async (query: string) => (await db.$client.query<{ key: string }>(query)).rows.map((row) => row.key);
    const listIds = new Set(await rows('select id::text as key from checklists'));
    const titles = new Map(
      (await db.$client.query<{ id: string; title: string }>('select id::text, title from checklists')).rows.map(
        (row) => [row.id, row.title],
      ),
    );
    const commentIds = new Set(await rows('select id::text as key from checklist_comments'));
    const ticks = new Set(
      await rows(`select user_id::text || ':' || checklist_item_id::text as key from checklist_item_completions`),
    );
    const likesAndFollows = new Set([
      ...(await rows(`select 'like:' || checklist_id::text || ':' || user_id::text as key from checklist_likes`)),
      ...(await rows(`select 'follow:' || follower_id::text || ':' || followed_id::text as key from follows`)),
    ]);

    const lost: string[] = [];
    let checked = 0;
    for (const id of ledger.creates) {
      checked++;
      if (!listIds.has(id)) lost.push(`create of checklist ${id}`);
    }
    for (const id of ledger.comments) {
      checked++;
      if (!commentIds.has(id)) lost.push(`comment ${id}`);
    }
    for (const tick of ledger.ticks) {
      checked++;
      if (!ticks.has(`${tick.userId}:${tick.itemId}`)) lost.push(`tick of item ${tick.itemId} by user ${tick.userId}`);
    }
    let ambiguous = 0;
    for (const list of lists) {
      const lastAcked = list.edits.findLastIndex((edit) => edit.result === 'acked');
      if (lastAcked === -1) continue;
      // A later edit that got no clear answer may have been saved too.
      const allowed = list.edits
        .slice(lastAcked)
        .filter((edit) => edit.result !== 'refused')
        .map((edit) => edit.title);
      checked++;
      if (!allowed.includes(titles.get(list.id) ?? '')) {
        lost.push(`edit of checklist ${list.id}: title is "${titles.get(list.id)}", expected "${allowed[0]}"`);
      }
    }
    for (const [key, state] of toggles) {
      const lastAcked = state.attempts.findLastIndex((attempt) => attempt.result === 'acked');
      if (lastAcked === -1) continue;
      const allowed = new Set(
        state.attempts
          .slice(lastAcked)
          .filter((attempt) => attempt.result !== 'refused')
          .map((attempt) => attempt.isOn),
      );
      if (allowed.size > 1) {
        ambiguous++;
        continue;
      }
      checked++;
      const isOn = likesAndFollows.has(key);
      if (isOn !== [...allowed][0]) {
        lost.push(`${key}: ${isOn ? 'present' : 'absent'} in the database, acknowledged the other way`);
      }
    }
    console.log(
      `\nAcknowledged writes: ${ledger.creates.length} creates, ${ledger.edits} edits, ${ledger.comments.length} comments, ` +
        `${ledger.ticks.length} ticks, ${ledger.likes} likes/unlikes, ${ledger.follows} follows/unfollows.`,
    );
    console.log(
      `Checked in the database: ${checked} (every create, comment and tick; the last acknowledged edit of each list and ` +
        `toggle of each like/follow${ambiguous ? `; ${ambiguous} toggles left out: a later one got no clear answer` : ''}).`,
    );
    console.log(`Acknowledged writes not found: ${lost.length}`);
    for (const each of lost.slice(0, 20)) console.log(`  ${each}`);
    return lost.length;
  } finally {
    await db.$client.end();
  }
}

let exitCode = 0;
try {
  // As `npm start` does: the soak measures the code in the tree, never an older build.
  if (!isBuildFresh()) {
    console.log('The build in dist/ is missing or older than the source: building...');
    await build();
  }
  checkInterrupted();
  const databasePort = await findFreePort();
  database = await startEmbeddedPostgres(databaseDir, databaseLogger, { port: databasePort });
  const databaseUrl = database.url;
  const setupDb = connectDatabase(databaseUrl);
  try {
    await applyMigrations(setupDb);
    const password = 'correct-horse-battery-soak';
    const passwordHash = await hashPassword(password); // once: argon2 is slow on purpose
    for (let index = 0; index < USER_COUNT; index++) {
      const user = await createUser(setupDb, { username: `soak_${index}`, password, passwordHash });
      users.push({ ...user, creates: 0, comments: 0, address: addressOf(users.length + 1), recent: new Map() });
    }
  } finally {
    await setupDb.$client.end();
  }
  checkInterrupted();

  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: appDataDir,
    // Both processes sign the session cookie with the same secret, as a deployment's would.
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    TRUSTED_PROXIES,
    // Two single processes on two ports, each one's RSS measured (not two clusters of workers).
    WEB_CONCURRENCY: '1',
  };
  const [firstPort, secondPort] = [await findFreePort(), await findFreePort()];
  apps = [startApp(0, firstPort, env), startApp(1, secondPort, env)];
  await Promise.all(apps.map(waitUntilReady));
  console.log(
    `Soak: ${minutes} min at ${rate} req/s over 2 app processes (${apps.map((app) => app.baseUrl).join(', ')}), ` +
      `${streamCount} streams, ${USER_COUNT} users; PostgreSQL on 127.0.0.1:${databasePort}, restarted at ${minutes / 2} min.`,
  );
  console.log(`RSS before load: ${apps.map((app) => `${rssMiB(app.child.pid).toFixed(0)} MiB`).join(', ')}`);

  console.log(
    '  min requests  p95 ms    2xx   503  other errors         streams  opened  ended  events  RSS MiB (app 1, app 2)',
  );
  for (const user of users.slice(0, FIRST_SIGN_INS)) await signIn(user);
  if (sessions.length === 0) throw new Error('no user could sign in');
  await Promise.all(
    sessions.flatMap((session) => Array.from({ length: LISTS_PER_FIRST_USER }, () => createList(session))),
  );
  await Promise.all(lists.map((list) => readDetail(list)));
  printRow('setup', setupStats!, `${sessions.length} signed in, ${lists.length} lists created`);
  setupStats = null;
  loadStartedAt = performance.now();
  checkInterrupted();
  const streamsHeld = Array.from({ length: streamCount }, (_, slot) => holdStream(slot));
  await runLoad(databasePort);
  isStopping = true;
  checkInterrupted();

  const lost = await verifyWrites(database?.url ?? databaseUrl);
  if (lost > 0) failures.push(`${lost} acknowledged writes were not in the database`);

  const stops = await Promise.all(apps.map(stopApp));
  stops.forEach((problem, index) => problem && failures.push(`app ${index + 1} ${problem}`));
  for (const controller of streamControllers) controller.abort();
  await Promise.race([Promise.all(streamsHeld), sleep(5_000)]);
} catch (error) {
  failures.push(
    isInterrupted ? 'interrupted' : `the soak stopped: ${error instanceof Error ? error.stack : String(error)}`,
  );
} finally {
  isStopping = true;
  for (const controller of streamControllers) controller.abort();
  for (const app of apps) {
    if (app.child.exitCode === null && app.child.signalCode === null) {
      app.isStopping = true;
      app.child.kill('SIGTERM');
      await Promise.race([app.exit, sleep(STOP_TIMEOUT_MS)]);
      app.child.kill('SIGKILL');
    }
  }
  await database?.stop().catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// The verdict

const describe = (map: Map<string, number>) => [...map].map(([key, count]) => `${key} ×${count}`).join(', ') || 'none';
if (!Number.isNaN(outage.stoppedAt)) {
  console.log(
    `\nDatabase outage: stopped at ${(outage.stoppedAt / 1000).toFixed(1)} s, running again at ${(outage.startedAgainAt / 1000).toFixed(1)} s ` +
      `(window counted until ${RECOVERY_GRACE_MS / 1000} s later): ${outageCounts.requests} answers, ${outageCounts.ok} ok, ` +
      `${outageCounts.unavailable} × 503 (the last at ${(outageCounts.lastUnavailableAt / 1000).toFixed(1)} s), ` +
      `other errors: ${describe(outageCounts.other)}`,
  );
  if (outageCounts.other.size > 0)
    failures.push(`errors other than 503 during the outage: ${describe(outageCounts.other)}`);
}
console.log(`Errors outside the outage: ${describe(errorsOutside)}`);
const serverErrorsOutside = [...errorsOutside].filter(
  ([key]) => /^(5\d\d|net|timeout) /.test(key) && !key.startsWith('503 '),
);
if (serverErrorsOutside.length > 0)
  failures.push(`server errors outside the outage: ${describe(new Map(serverErrorsOutside))}`);
if (errorExamples.length) console.log(`First errors (other than 503):\n  ${errorExamples.join('\n  ')}`);
console.log(`Sign-ins: ${signInCount} (${sessions.length} users signed in)`);
// Memory flat after warm-up: each process's last reading within MEMORY_GROWTH_LIMIT of its reading
// at the end of the warm-up minutes (a leak grows with the requests served; GC noise does not).
if (rssByMinute.length > WARM_UP_MINUTES) {
  const warm = rssByMinute[WARM_UP_MINUTES - 1]!;
  const last = rssByMinute.at(-1)!;
  warm.forEach((before, index) => {
    const after = last[index]!;
    const growth = after / before - 1;
    console.log(
      `App ${index + 1} RSS: ${before.toFixed(0)} MiB after minute ${WARM_UP_MINUTES}, ${after.toFixed(0)} MiB at the end (${(growth * 100).toFixed(1)} %)`,
    );
    if (growth > MEMORY_GROWTH_LIMIT) {
      failures.push(
        `app ${index + 1}'s memory grew ${(growth * 100).toFixed(1)} % after warm-up (limit ${MEMORY_GROWTH_LIMIT * 100} %)`,
      );
    }
  });
}
for (const app of apps) {
  console.log(`App ${app.index + 1} log (warn and above): ${describe(app.logCounts)}`);
  if (app.errorLines.length) console.log(`  ${app.errorLines.slice(0, 5).join('\n  ')}`);
}
if (failures.length > 0) {
  exitCode = 1;
  console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
} else {
  console.log(
    '\nPASSED: no lost write, only 503 while the database was away, memory flat after warm-up, both processes alive and stopped with 0.',
  );
}
process.exit(exitCode);
