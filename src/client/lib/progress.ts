// Pure rules of working through a checklist: progress, visitor progress stored in the browser, and
// the plan of the completion celebration. No DOM and no React, so they are unit-tested directly.

export function countCompleted(completion: readonly boolean[]): number {
  return completion.filter(Boolean).length;
}

/** The celebration needs every item completed and at least one item. */
export function isAllCompleted(completion: readonly boolean[]): boolean {
  return completion.length > 0 && completion.every(Boolean);
}

/** A visitor's progress: the ids of the items they completed, stored under a key per checklist id. */
export function progressStorageKey(checklistId: string): string {
  return `ticklist:progress:${checklistId}`;
}

/**
 * Reads which items a visitor completed, from what the browser stored. Progress is kept by item id,
 * as the server keeps a signed-in user's, so it stays on its items when the author reorders,
 * inserts or removes items; ids of items that are gone match nothing. Anything unreadable counts as
 * no progress.
 *
 * Browsers that stored progress before it was kept by id hold one boolean per position: those are
 * read against the list's current order, which is the order the visitor saw unless the list has
 * been edited since.
 */
export function parseStoredProgress(raw: string | null, items: readonly { id: string }[]): string[] {
  let stored: unknown = null;
  if (raw) {
    try {
      stored = JSON.parse(raw);
    } catch {
      stored = null;
    }
  }
  if (isRecord(stored) && Array.isArray(stored.completedItemIds)) {
    const known = new Set(items.map((item) => item.id));
    return stored.completedItemIds.filter((id): id is string => typeof id === 'string' && known.has(id));
  }
  if (Array.isArray(stored)) return items.filter((_, index) => stored[index] === true).map((item) => item.id);
  return [];
}

/** What the browser stores for a visitor's progress on a list. */
export function storedProgress(completedItemIds: readonly string[]): string {
  return JSON.stringify({ completedItemIds });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Which items of the list the signed-in user has completed, in item order. */
export function completionFromIds(items: readonly { id: string }[], completedItemIds: readonly string[]): boolean[] {
  const completed = new Set(completedItemIds);
  return items.map((item) => completed.has(item.id));
}

export function withItemCompletion(ids: readonly string[], itemId: string, isCompleted: boolean): string[] {
  const rest = ids.filter((id) => id !== itemId);
  return isCompleted ? [...rest, itemId] : rest;
}

/**
 * The uses count as the page shows it right after a completion changes, before the server responds.
 * "Uses" counts users with a completed item or a closed run (docs/decisions/002), so the first
 * completion adds one and taking back the last one removes it again, unless the user has closed a
 * run of the list ("Start again"): their use stays either way.
 */
export function usesAfterChange(
  uses: number,
  completedBefore: number,
  completedAfter: number,
  hasClosedRuns = false,
): number {
  if (hasClosedRuns) return uses;
  if (completedBefore === 0 && completedAfter > 0) return uses + 1;
  if (completedBefore > 0 && completedAfter === 0) return Math.max(uses - 1, 0);
  return uses;
}

// The celebration: 150 confetti particles and 30 sparkles, for 7 s.
export const CELEBRATION_MS = 7000;
export const CONFETTI_PARTICLES = 150;
export const SPARKLE_COUNT = 30;

export type ConfettiBurst = { delayMs: number; particleCount: number; originX: number; angle: number };

/**
 * Spreads the particles over bursts that alternate sides, early enough that the last ones have
 * fallen before the celebration ends.
 */
export function confettiBursts(total = CONFETTI_PARTICLES, bursts = 10, spacingMs = 450): ConfettiBurst[] {
  const base = Math.floor(total / bursts);
  const extra = total % bursts;
  return Array.from({ length: bursts }, (_, index) => {
    const isLeft = index % 2 === 0;
    return {
      delayMs: index * spacingMs,
      particleCount: base + (index < extra ? 1 : 0),
      originX: isLeft ? 0.2 : 0.8,
      angle: isLeft ? 60 : 120,
    };
  });
}

export type Sparkle = {
  id: number;
  /** Position in percent of the viewport. */
  left: number;
  top: number;
  /** Size in rem. */
  size: number;
  delay: number;
  duration: number;
};

/** Random sparkle placements; `random` is injectable so tests can pin it. */
export function createSparkles(count = SPARKLE_COUNT, random: () => number = Math.random): Sparkle[] {
  const round = (value: number) => Math.round(value * 100) / 100;
  return Array.from({ length: count }, (_, id) => ({
    id,
    left: round(4 + random() * 92),
    top: round(6 + random() * 80),
    size: round(0.9 + random() * 1.1),
    delay: round(random() * 2.5),
    duration: round(1.2 + random() * 1.3),
  }));
}
