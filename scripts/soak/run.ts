// The run: actions launched at the fixed overall rate for --minutes, a sign-in every
// SIGN_IN_EVERY_MS, the database restarted half-way through, and a row printed each minute.
import { inFlightCount, signIn, sessionOf, users } from './client';
import { restartDatabase } from './database';
import { interruptibleSleep, wasInterrupted } from './interrupt';
import { MAX_IN_FLIGHT, minutes, rate, REQUEST_TIMEOUT_MS, SIGN_IN_EVERY_MS } from './options';
import { pick } from './pick';
import { minuteNow, minutesStats, newMinute, now } from './record';
import { failures, printRow } from './report';
import { act, chooseKind } from './workload';

export async function runLoad() {
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

  while (!wasInterrupted() && now() < durationMs) {
    const elapsed = now();
    if (!restart && elapsed >= restartAtMs) {
      restart = restartDatabase((note) => notes.push(note)).catch((error: unknown) => {
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
      if (inFlightCount() >= MAX_IN_FLIGHT) minuteNow().skipped++;
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
