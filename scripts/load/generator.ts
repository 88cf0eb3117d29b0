// The load test's generator, in a process of its own (forked by measure.ts) so that the app's
// process holds only the app and the generator's timers are not held up by the app's work. It
// takes the request pools once, then one run at a time over IPC: arrivals at the run's rate as a
// Poisson process (schedule.ts), each arrival's kind drawn by the mix (mix.ts), each request sent
// at its scheduled time whether or not earlier ones have been answered (open loop), its latency
// measured from that time, so a queue anywhere (in this process too) counts. Past the cap on
// requests in flight an arrival is not sent and counts as dropped.
import http from 'node:http';
import { seededRandom } from '../bench/vocabulary';
import type { LoadRequest } from '../bench/load';
import { kindPicker, type Kind } from './mix';
import { emptyKindTally, emptyKinds, type KindTally, type RunTally } from './report';
import { arrivalTimes } from './schedule';

/** A kind's requests: taken in turn (user after user, so each user's quota is spread) or at random. */
export type Pool = { requests: LoadRequest[]; inTurn: boolean };
export type Pools = Record<Kind, Pool>;

export type GeneratorSetup = {
  type: 'setup';
  port: number;
  pools: Pools;
  maxInFlight: number;
  timeoutMs: number;
  seed: number;
};
/** One run: `warmupSeconds` at the rate, not counted, then `seconds` counted. */
export type GeneratorRun = { type: 'run'; rate: number; warmupSeconds: number; seconds: number };

/** How long a connection may stay idle in the generator's pool: shorter than the server's keep-alive timeout. */
const IDLE_CONNECTION_MS = 4000;

/** What a browser sends with every request besides the request's own headers. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'ticklist-load' };

let setup: GeneratorSetup | null = null;
let agent: http.Agent | null = null;
let random: () => number = Math.random;
let pickKind: () => Kind = () => 'detail';
/** Where each in-turn pool is; kept from run to run, so a run goes on with the next users. */
const cursors = new Map<Kind, number>();

function pickRequest(kind: Kind): LoadRequest {
  const pool = setup!.pools[kind];
  if (!pool.inTurn) return pool.requests[Math.floor(random() * pool.requests.length)]!;
  const index = cursors.get(kind) ?? 0;
  cursors.set(kind, index + 1);
  return pool.requests[index % pool.requests.length]!;
}

/** Sends one request; `done` once it is answered, has failed or has timed out, counted in `tally`. */
function send(entry: LoadRequest, scheduledAt: number, tally: KindTally, done: () => void) {
  let isSettled = false;
  const settle = (count: () => void) => {
    if (isSettled) return;
    isSettled = true;
    clearTimeout(timer);
    count();
    done();
  };
  const failed = (error: NodeJS.ErrnoException) =>
    settle(() => {
      const code = error.code ?? error.name;
      tally.failures[code] = (tally.failures[code] ?? 0) + 1;
    });
  const body = entry.body;
  const request = http.request(
    {
      agent: agent!,
      host: '127.0.0.1',
      port: setup!.port,
      method: entry.method,
      path: entry.path,
      headers: {
        ...BROWSER_HEADERS,
        ...entry.headers,
        ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
      },
    },
    (response) => {
      response.on('end', () =>
        settle(() => {
          tally.latencies.push(performance.now() - scheduledAt);
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
        }),
      );
      response.on('error', failed);
      response.resume();
    },
  );
  const timer = setTimeout(() => {
    settle(() => tally.timeouts++);
    request.destroy();
  }, setup!.timeoutMs);
  request.on('error', failed);
  request.end(body);
}

function run(job: GeneratorRun): Promise<RunTally> {
  const kinds = emptyKinds();
  const times = arrivalTimes(job.rate, job.warmupSeconds + job.seconds, random);
  const countedFrom = job.warmupSeconds * 1000;
  /** The warm-up's requests are sent and answered as any, and counted nowhere. */
  const uncounted = emptyKindTally();
  let scheduled = 0;
  let inFlight = 0;
  let next = 0;
  const started = performance.now();
  return new Promise((resolve) => {
    const finishIfDone = () => {
      if (next === times.length && inFlight === 0) {
        resolve({ askedRate: job.rate, seconds: job.seconds, scheduled, kinds });
      }
    };
    const answered = () => {
      inFlight--;
      finishIfDone();
    };
    // Each wake-up sends every arrival whose time has come, then sleeps until the next one's.
    const tick = () => {
      const now = performance.now() - started;
      for (; next < times.length && times[next]! <= now; next++) {
        const at = times[next]!;
        const kind = pickKind();
        const isCounted = at >= countedFrom;
        const tally = isCounted ? kinds[kind] : uncounted;
        if (isCounted) scheduled++;
        if (inFlight >= setup!.maxInFlight) {
          tally.dropped++;
          continue;
        }
        inFlight++;
        send(pickRequest(kind), started + at, tally, answered);
      }
      if (next < times.length) setTimeout(tick, Math.max(0, times[next]! - (performance.now() - started)));
      else finishIfDone();
    };
    tick();
  });
}

process.on('message', (message: GeneratorSetup | GeneratorRun) => {
  if (message.type === 'setup') {
    setup = message;
    // A connection left idle is closed by the server after its keep-alive timeout (Node's 5 s); one
    // reused just as the server closes it fails with ECONNRESET, which is the generator's doing, not
    // the server's. An agent with no timeout of its own ignores the server's `Keep-Alive: timeout`
    // hint and keeps idle connections for ever, so this one closes them first.
    agent = new http.Agent({ keepAlive: true, maxSockets: message.maxInFlight, timeout: IDLE_CONNECTION_MS });
    random = seededRandom(message.seed);
    pickKind = kindPicker(random);
    process.send!({ type: 'ready' });
    return;
  }
  void run(message).then((tally) => process.send!({ type: 'ran', tally }));
});
