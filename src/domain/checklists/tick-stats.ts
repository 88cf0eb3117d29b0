import { z } from 'zod';

/**
 * What people really tick on a public list. The people counted are those who finished the list or
 * ticked more than half of it, each once (their latest such run); each item's share is the part
 * of them who ticked it. Shown only from TICK_STATS_FLOOR people, so a share never points at a
 * few; a duration only from DURATION_FLOOR completed runs; never for a private or unlisted list,
 * and never with a name.
 */
export const TICK_STATS_FLOOR = 10;
export const DURATION_FLOOR = 5;
/** Items ticked by fewer than this share (percent) of the people are marked "often skipped". */
export const OFTEN_SKIPPED_BELOW = 30;

export const tickStatsSchema = z.object({
  people: z.number().int(),
  /** Each item's share of the people, in percent, by item id (items added since have none). */
  shares: z.record(z.string(), z.number().int()),
  /** The median time from a completed run's first tick to its last; null below DURATION_FLOOR runs. */
  usualSeconds: z.number().int().nullable(),
});
export type TickStats = z.infer<typeof tickStatsSchema>;

export const tickStatsMessages = {
  oftenSkipped: 'often skipped',
  explanation: `From the people who finished this list or ticked more than half of it, each counted once, shown from ${TICK_STATS_FLOOR} people. Nobody is named.`,
} as const;

export const shareText = (percent: number) => `${percent}% tick this`;
export const isOftenSkipped = (percent: number) => percent < OFTEN_SKIPPED_BELOW;
export const peopleText = (people: number) => `Based on ${people} people`;

/** "about 25 minutes", "about 2 hours", "about 3 days": a duration as a person says it. */
export function aboutDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) {
    const rounded = minutes < 10 ? minutes : Math.round(minutes / 5) * 5;
    return `about ${rounded} ${rounded === 1 ? 'minute' : 'minutes'}`;
  }
  const hours = Math.round((minutes / 60) * 2) / 2;
  if (hours < 24) return `about ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const days = Math.round(hours / 24);
  return `about ${days} ${days === 1 ? 'day' : 'days'}`;
}

export const usuallyTakesText = (seconds: number) => `Usually takes ${aboutDuration(seconds)}`;
