// Notification streams, held as the browser's EventSource holds them: opened on the apps in turn,
// read for `unread` events, and reopened 1 to 10 s after they end, until the soak stops.
import { setTimeout as sleep } from 'node:timers/promises';
import { apps } from './apps';
import { sessions } from './client';
import { REQUEST_TIMEOUT_MS } from './options';
import { pick } from './pick';
import { minuteNow, now, record } from './record';

let isStopping = false;
let openStreams = 0;
const streamControllers = new Set<AbortController>();
/** Streams open now. */
export const openStreamCount = () => openStreams;
/** From now on no stream is reopened, and an ending one is not counted as ended by the server. */
export const stopReopening = () => {
  isStopping = true;
};
/** Closes every stream still open. */
export const closeStreams = () => {
  for (const controller of streamControllers) controller.abort();
};
/** A person keeps a few tabs open, under the server's cap of 5 streams a user. */
const TABS_PER_USER = 4;
const streamsOfUser = new Map<string, number>();

export async function holdStream(slot: number): Promise<void> {
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
      const headersTimeout = setTimeout(() => controller.abort(new Error('no response')), REQUEST_TIMEOUT_MS);
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
