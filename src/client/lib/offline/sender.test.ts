import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/client/lib/api';
import { MAX_CHANGE_AGE_MS } from '@/domain/checklists/change-age';
import { newChange, type QueuedChange } from './queued-change';
import { createSender, failureKind, type SenderHooks } from './sender';
import { closeQueueForTests, enqueueChange, readQueue } from './tick-queue';

/**
 * The server's rules for a change that carries its time: applied only if later than the item's
 * last change, ignored if made before the open run began; Start again opens a new run at its time,
 * and one made at or before the open run began is a replay that does nothing.
 */
function fakeServer() {
  const completed = new Set<string>();
  const lastChangeAt = new Map<string, string>();
  const closedRuns: string[][] = [];
  let runStartedAt = '';
  const state = () => ({ completedItemIds: [...completed].sort(), closedRuns: closedRuns.map((run) => [...run]) });
  return {
    state,
    apply(change: QueuedChange) {
      if (change.at <= runStartedAt) return state();
      if (change.kind === 'startAgain') {
        if (completed.size > 0) closedRuns.push([...completed].sort());
        completed.clear();
        lastChangeAt.clear();
        runStartedAt = change.at;
        return state();
      }
      const itemId = change.itemId!;
      if ((lastChangeAt.get(itemId) ?? '') >= change.at) return state();
      lastChangeAt.set(itemId, change.at);
      if (change.kind === 'tick') completed.add(itemId);
      else completed.delete(itemId);
      return state();
    },
  };
}

type State = ReturnType<ReturnType<typeof fakeServer>['state']>;

let clock = Date.parse('2026-11-29T10:00:00.000Z');
const at = () => new Date((clock += 1000));
const tick = (itemId: string, listId = 'list-1') => newChange(listId, 'tick', itemId, at());
const untick = (itemId: string, listId = 'list-1') => newChange(listId, 'untick', itemId, at());
const startAgain = (listId = 'list-1') => newChange(listId, 'startAgain', undefined, at());

function hooksFor(server: ReturnType<typeof fakeServer>, send?: SenderHooks<State>['send']) {
  const sent: QueuedChange[] = [];
  const hooks = {
    send: vi.fn(
      send ??
        (async (change: QueuedChange) => {
          sent.push(change);
          return server.apply(change);
        }),
    ),
    onSent: vi.fn(),
    onRefused: vi.fn(),
    onDrained: vi.fn(),
  } satisfies SenderHooks<State>;
  return { hooks, sent };
}

const online = { isOnline: () => true, retryMs: 60_000, maxRetryMs: 600_000 };
const senders: { stop: () => void }[] = [];
function sender(hooks: SenderHooks<State>, options: Parameters<typeof createSender>[1] = online) {
  const made = createSender(hooks, options);
  senders.push(made);
  return made;
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  clock = Date.now() - 60 * 60_000;
});

afterEach(async () => {
  for (const made of senders.splice(0)) made.stop();
  await closeQueueForTests();
  vi.unstubAllGlobals();
});

async function queue(...changes: QueuedChange[]) {
  for (const change of changes) await enqueueChange(change);
}

describe('sending the queue', () => {
  it('sends every change in the order it was made, each with its own time, then empties the queue', async () => {
    const server = fakeServer();
    const { hooks, sent } = hooksFor(server);
    const changes = [tick('a'), tick('b'), tick('x', 'list-2'), tick('c')];
    await queue(...changes);
    await sender(hooks).flush();
    expect(sent.map((change) => change.id)).toEqual(changes.map((change) => change.id));
    expect(sent.map((change) => change.at)).toEqual(changes.map((change) => change.at));
    expect(await readQueue()).toEqual([]);
    expect(server.state().completedItemIds).toEqual(['a', 'b', 'c', 'x']);
    expect(hooks.onDrained).toHaveBeenCalledWith(['list-1', 'list-2']);
    // The server's state is written only for a list's last waiting change.
    expect(hooks.onSent.mock.calls.map(([change, , isLast]) => [change.itemId, isLast])).toEqual([
      ['a', false],
      ['b', false],
      ['x', true],
      ['c', true],
    ]);
  });

  it('keeps a change whose answer never came and sends it again, which the server applies once', async () => {
    const server = fakeServer();
    let isAnswerLost = true;
    const { hooks } = hooksFor(server, async (change) => {
      const state = server.apply(change);
      if (isAnswerLost) {
        isAnswerLost = false;
        throw new TypeError('Failed to fetch');
      }
      return state;
    });
    await queue(tick('a'), untick('a'));
    const made = sender(hooks);
    await made.flush();
    expect((await readQueue()).map((change) => change.kind)).toEqual(['tick', 'untick']);
    expect(hooks.onSent).not.toHaveBeenCalled();

    await made.flush();
    expect(hooks.send.mock.calls.map(([change]) => change.kind)).toEqual(['tick', 'tick', 'untick']);
    expect(await readQueue()).toEqual([]);
    expect(server.state().completedItemIds).toEqual([]);
  });

  it('a replay of changes already applied changes nothing on the server', async () => {
    const server = fakeServer();
    const changes = [tick('a'), startAgain(), tick('b'), untick('b'), tick('c')];
    for (const change of changes) server.apply(change);
    const before = server.state();
    const { hooks } = hooksFor(server);
    await queue(...changes);
    await sender(hooks).flush();
    expect(server.state()).toEqual(before);
  });

  it('a tick then an untick of the same item leaves it unticked on the server', async () => {
    const server = fakeServer();
    const { hooks } = hooksFor(server);
    await queue(tick('a'), tick('b'), untick('a'));
    await sender(hooks).flush();
    expect(server.state().completedItemIds).toEqual(['b']);
  });

  it('Start again between ticks closes the run of the ticks before it and keeps those after open', async () => {
    const server = fakeServer();
    const { hooks } = hooksFor(server);
    await queue(tick('a'), tick('b'), startAgain(), tick('c'));
    await sender(hooks).flush();
    expect(server.state()).toEqual({ completedItemIds: ['c'], closedRuns: [['a', 'b']] });
  });

  it('drops a change the server refuses (400, 404), says so, and sends the rest', async () => {
    const server = fakeServer();
    const { hooks } = hooksFor(server, async (change) => {
      if (change.itemId === 'gone') throw new ApiError(404, { message: 'Checklist not found' });
      if (change.itemId === 'future') throw new ApiError(400, { message: 'Too far ahead' });
      return server.apply(change);
    });
    await queue(tick('gone', 'list-2'), tick('future'), tick('a'));
    await sender(hooks).flush();
    expect(hooks.onRefused.mock.calls.map(([change]) => change.itemId)).toEqual(['gone', 'future']);
    expect(await readQueue()).toEqual([]);
    expect(server.state().completedItemIds).toEqual(['a']);
    expect(hooks.onDrained).toHaveBeenCalledWith(['list-2', 'list-1']);
  });

  it('stops at a 401 (signed out) and keeps the queue as it is', async () => {
    const { hooks } = hooksFor(fakeServer(), () => Promise.reject(new ApiError(401, { message: 'Sign in' })));
    await queue(tick('a'), tick('b'));
    await sender(hooks).flush();
    expect(hooks.send).toHaveBeenCalledTimes(1);
    expect(await readQueue()).toHaveLength(2);
    expect(hooks.onRefused).not.toHaveBeenCalled();
    expect(hooks.onDrained).not.toHaveBeenCalled();
  });

  it('sends nothing while the queue may not be sent (another user signing in), and sends it once it may', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { hooks, sent } = hooksFor(fakeServer());
    try {
      let isOwner = false;
      await queue(tick('a'));
      await sender(hooks, { ...online, mayStart: () => isOwner }).flush();
      expect(hooks.send).not.toHaveBeenCalled();
      expect(await readQueue()).toHaveLength(1);
      isOwner = true;
      await vi.advanceTimersByTimeAsync(online.retryMs);
      await vi.waitFor(async () => expect(await readQueue()).toEqual([]));
      expect(sent.map((change) => change.itemId)).toEqual(['a']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps changes through a server error or a rate limit, and tries again later, waiting longer each time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const waits = vi.spyOn(globalThis, 'setTimeout');
    try {
      const server = fakeServer();
      const failures = [
        new ApiError(503, { message: 'Briefly unavailable' }),
        new ApiError(429, { message: 'Slow down' }),
      ];
      const { hooks } = hooksFor(server, async (change) => {
        const failure = failures.shift();
        if (failure) throw failure;
        return server.apply(change);
      });
      await queue(tick('a'));
      await sender(hooks).flush();
      expect(hooks.send).toHaveBeenCalledTimes(1);
      expect(await readQueue()).toHaveLength(1);

      await vi.advanceTimersByTimeAsync(online.retryMs);
      await vi.waitFor(() => expect(hooks.send).toHaveBeenCalledTimes(2));
      await vi.advanceTimersByTimeAsync(2 * online.retryMs);
      await vi.waitFor(async () => expect(await readQueue()).toEqual([]));
      expect(hooks.send).toHaveBeenCalledTimes(3);
      expect(server.state().completedItemIds).toEqual(['a']);
      const retryWaits = waits.mock.calls
        .map(([, ms]) => ms)
        .filter((ms) => typeof ms === 'number' && ms >= online.retryMs);
      expect(retryWaits).toEqual([online.retryMs, 2 * online.retryMs]);
    } finally {
      waits.mockRestore();
      vi.useRealTimers();
    }
  });

  it('waits at most the longest wait between tries', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const waits = vi.spyOn(globalThis, 'setTimeout');
    try {
      const { hooks } = hooksFor(fakeServer(), () => Promise.reject(new TypeError('Failed to fetch')));
      await queue(tick('a'));
      await sender(hooks, { ...online, retryMs: 1_000, maxRetryMs: 3_000 }).flush();
      for (const calls of [2, 3, 4]) {
        await vi.advanceTimersByTimeAsync(3_000);
        await vi.waitFor(() => expect(hooks.send).toHaveBeenCalledTimes(calls));
      }
      const retryWaits = waits.mock.calls.map(([, ms]) => ms).filter((ms) => typeof ms === 'number' && ms >= 1_000);
      expect(retryWaits).toEqual([1_000, 2_000, 3_000, 3_000]);
    } finally {
      waits.mockRestore();
      vi.useRealTimers();
    }
  });

  it('sends nothing while offline, and everything once online', async () => {
    let isOnline = false;
    const { hooks } = hooksFor(fakeServer());
    await queue(tick('a'), tick('b'));
    const made = sender(hooks, { ...online, isOnline: () => isOnline });
    await made.flush();
    expect(hooks.send).not.toHaveBeenCalled();
    isOnline = true;
    await made.flush();
    expect(hooks.send).toHaveBeenCalledTimes(2);
  });

  it('drops changes older than 30 days without sending them', async () => {
    const { hooks, sent } = hooksFor(fakeServer());
    const old = newChange('list-1', 'tick', 'old', new Date(Date.now() - MAX_CHANGE_AGE_MS - 60_000));
    await queue(old, tick('a'));
    await sender(hooks).flush();
    expect(sent.map((change) => change.itemId)).toEqual(['a']);
    expect(await readQueue()).toEqual([]);
  });

  it('a change queued while a round runs is sent in the same flush, after the others', async () => {
    const server = fakeServer();
    const first = tick('a');
    const late = tick('late');
    let isLateQueued = false;
    const { hooks, sent } = hooksFor(server, async (change) => {
      if (!isLateQueued) {
        isLateQueued = true;
        await enqueueChange(late);
      }
      sent.push(change);
      return server.apply(change);
    });
    await queue(first);
    await sender(hooks).flush();
    expect(sent.map((change) => change.id)).toEqual([first.id, late.id]);
  });
});

describe('failureKind', () => {
  it('stops at 401, drops on other refusals, and retries no response, a rate limit or a server error', () => {
    expect(failureKind(new ApiError(401, { message: '' }))).toBe('signedOut');
    for (const status of [400, 403, 404, 409])
      expect(failureKind(new ApiError(status, { message: '' }))).toBe('refused');
    for (const status of [408, 429, 500, 503]) {
      expect(failureKind(new ApiError(status, { message: '' }))).toBe('retryLater');
    }
    expect(failureKind(new TypeError('Failed to fetch'))).toBe('retryLater');
  });
});
