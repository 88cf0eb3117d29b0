import type { Agent } from './test-app';

export type Stream = {
  /** The next event of that name (earlier events of other names are skipped). */
  next: (event: string) => Promise<string>;
  /** Resolves with the last event before the stream ended. */
  ended: Promise<{ event: string; data: string }>;
  /** Ends the stream from the client's side, as a closed tab does. */
  cancel: () => Promise<void>;
};

/** Opens the user's event stream and reads it in the background. */
export async function openStream(agent: Agent, ip: string): Promise<{ status: number; stream?: Stream }> {
  const response = await agent.request('/api/notifications/stream', { ip });
  if (response.status !== 200) return { status: response.status };
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: string }[] = [];
  const waiters: (() => void)[] = [];
  let text = '';
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }) as const);
      if (done) return events.at(-1)!;
      text += decoder.decode(value, { stream: true });
      const blocks = text.split('\n\n');
      text = blocks.pop() ?? '';
      for (const block of blocks) {
        events.push({ event: block.match(/^event: (.*)$/m)?.[1] ?? '', data: block.match(/^data: (.*)$/m)?.[1] ?? '' });
      }
      for (const wake of waiters.splice(0)) wake();
    }
  })();
  let read = 0;
  const next = async (name: string): Promise<string> => {
    for (;;) {
      while (read < events.length) {
        const entry = events[read++]!;
        if (entry.event === name) return entry.data;
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { status: 200, stream: { next, ended, cancel: () => reader.cancel().catch(() => undefined) } };
}

/** Resolves with whether `promise` has settled, without waiting for it. */
export const hasSettled = async (promise: Promise<unknown>) => {
  const marker = Symbol('pending');
  return (await Promise.race([promise, Promise.resolve(marker)])) !== marker;
};
