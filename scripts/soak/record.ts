// What was asked and what came back: every response (or failure) counted in the minute it ended,
// and apart while the database was away, so the verdict can tell an outage's 503 from an error.
import { minutes } from './options';

export type Outcome = number | 'net' | 'timeout';
export type Kind =
  | 'browse'
  | 'search'
  | 'detail'
  | 'sign-in'
  | 'complete'
  | 'like'
  | 'comment'
  | 'follow'
  | 'create'
  | 'edit'
  | 'unread'
  | 'stream';
/** What a write's response says about its effect: made, certainly not made, or cannot tell. */
export type WriteResult = 'acked' | 'refused' | 'unknown';
export const writeResult = (outcome: Outcome): WriteResult =>
  typeof outcome === 'number' && outcome < 300
    ? 'acked'
    : typeof outcome === 'number' && outcome < 500
      ? 'refused'
      : 'unknown';

export type MinuteStats = {
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
export const newMinute = (): MinuteStats => ({
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
export const now = () => performance.now() - loadStartedAt;
export const minutesStats: MinuteStats[] = [];
/** The responses of the setup (the first sign-ins and lists), counted apart from the timed minutes. */
let setupStats: MinuteStats | null = newMinute();
/** The setup's counts, until the timed minutes start. */
export const setupMinute = () => setupStats!;
/** Ends the setup: from now on responses count in the timed minutes, from minute 1. */
export function startTimedMinutes() {
  setupStats = null;
  loadStartedAt = performance.now();
}
export const minuteNow = () => {
  if (setupStats) return setupStats;
  const index = Math.max(0, Math.min(Math.ceil(minutes) - 1, Math.floor(now() / 60_000)));
  return (minutesStats[index] ??= newMinute());
};

/** The database outage: from the stop until a grace period after it is back. */
export const outage = { stoppedAt: NaN, startedAgainAt: NaN, endsAt: NaN };
export const duringOutage = (startedAt: number, endedAt: number) =>
  !Number.isNaN(outage.stoppedAt) &&
  endedAt >= outage.stoppedAt &&
  (Number.isNaN(outage.endsAt) || startedAt <= outage.endsAt);
export const outageCounts = {
  requests: 0,
  ok: 0,
  unavailable: 0,
  lastUnavailableAt: NaN,
  other: new Map<string, number>(),
};
export const errorsOutside = new Map<string, number>();
export const errorExamples: string[] = [];
export const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

export function record(kind: Kind, startedAt: number, outcome: Outcome, detail: string) {
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
