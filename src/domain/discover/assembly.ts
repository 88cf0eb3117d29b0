import { z } from 'zod';
import { checklistCardSchema, type BrowseOrder, type ChecklistCard } from '../checklists/browse';
import type { EstimatedTime } from '../checklists/checklist-fields';

// Discover and suggestion constants.
/** Each Discover section, and the dashboard's suggestion block, shows at most 3 cards. */
export const DISCOVER_SECTION_SIZE = 3;
export const TRENDING_DEFAULT_LIMIT = 10;
export const TRENDING_MAX_LIMIT = 50;
/** Suggested lists for a user: cap 10, minimum 3, sub-queries of 5, rating threshold 4. */
export const SUGGESTIONS_LIMIT = 10;
export const SUGGESTIONS_MINIMUM = 3;
export const SUGGESTIONS_PER_SOURCE = 5;
export const SUGGESTIONS_RATING_THRESHOLD = 4;
/** The top-up when the sources find fewer than the minimum: the newest lists. */
export const SUGGESTIONS_TOP_UP = 10;
/** Staff picks read for a section of 3; a few more than shown, newest pick first. */
export const STAFF_PICKS_LIMIT = 10;

export const DISCOVER_SECTIONS = ['suggestions', 'trending', 'staffPicks'] as const;
export type DiscoverSection = (typeof DISCOVER_SECTIONS)[number];

export const discoverMessages = {
  sectionTitles: {
    suggestions: 'Suggestions for You',
    trending: 'Trending Checklists',
    staffPicks: 'Staff Picks',
  } satisfies Record<DiscoverSection, string>,
  viewAll: 'View All',
  empty: 'No checklists available at the moment.',
  /** A failed load shows built-in samples; these say so, and offer "Try again". */
  sampleNotice: "Discover couldn't load right now, so these are sample checklists.",
  sampleLabel: 'Samples',
} as const;

/** The browse order a section's "View All" opens (newest is browse's default). */
const viewAllOrder: Record<DiscoverSection, BrowseOrder> = {
  suggestions: 'newest',
  trending: 'most-used',
  staffPicks: 'most-liked',
};

/** Where a section's "View All" leads: /browse in the order closest to what the section shows. */
export function viewAllTarget(section: DiscoverSection): string {
  const order = viewAllOrder[section];
  return order === 'newest' ? '/browse' : `/browse?order=${order}`;
}

/**
 * Discover's assembly: trending and suggestions merged and de-duplicated by id
 * (suggestions first). With 6 or more, the first 3 are Suggestions and the next 3 Trending; with
 * 3 to 5, the first 3 fill both; with fewer, all of them fill both.
 */
export function assembleDiscover<T extends { id: string }>(
  suggestions: readonly T[],
  trending: readonly T[],
): { suggestions: T[]; trending: T[] } {
  const seen = new Set<string>();
  const merged: T[] = [];
  for (const card of [...suggestions, ...trending]) {
    if (seen.has(card.id)) continue;
    seen.add(card.id);
    merged.push(card);
  }
  const size = DISCOVER_SECTION_SIZE;
  if (merged.length >= 2 * size) {
    return { suggestions: merged.slice(0, size), trending: merged.slice(size, 2 * size) };
  }
  const shared = merged.slice(0, size);
  return { suggestions: shared, trending: [...shared] };
}

/** A sample's estimated time is one the form offers, so a sample never shows a time no list could have. */
type SampleFields = Pick<ChecklistCard, 'id' | 'title' | 'description' | 'tags' | 'difficulty' | 'itemsCount'> & {
  estimatedTime: EstimatedTime;
};
const sampleCard = (fields: SampleFields): ChecklistCard => ({
  ...fields,
  author: 'Ticklist Team (sample)',
  authorAvatar: '⭐',
  authorUsername: null,
  uses: 0,
  likes: 0,
  clones: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
});

/**
 * Built-in staff picks, shown when no list is flagged (`npm run staff-pick`) or Discover
 * fails to load. Their ids name no checklist, so a page must not link them (`isSampleStaffPicks`).
 */
export const SAMPLE_STAFF_PICKS: readonly ChecklistCard[] = [
  sampleCard({
    id: 'sample-staff-pick-moving-house',
    title: 'Moving House: The Final Week',
    description: 'Sample staff pick: meter readings, the first-night box and who gets the spare keys.',
    tags: ['moving house', 'sample'],
    difficulty: 'medium',
    estimatedTime: '2+ hours',
    itemsCount: 12,
  }),
  sampleCard({
    id: 'sample-staff-pick-camping',
    title: 'Weekend Camping Essentials',
    description: 'Sample staff pick: tent, stove, layers and the things everyone forgets at the campsite.',
    tags: ['camping', 'sample'],
    difficulty: 'easy',
    estimatedTime: '1 hour',
    itemsCount: 10,
  }),
  sampleCard({
    id: 'sample-staff-pick-job-interview',
    title: 'The Night Before a Job Interview',
    description: 'Sample staff pick: route planned, outfit ready, three questions of your own to ask.',
    tags: ['job interview', 'sample'],
    difficulty: 'easy',
    estimatedTime: '30 minutes',
    itemsCount: 8,
  }),
];

/** GET /api/discover: three sections of at most 3 cards, assembled on the server. */
export const discoverSchema = z.object({
  suggestions: z.array(checklistCardSchema),
  trending: z.array(checklistCardSchema),
  staffPicks: z.array(checklistCardSchema),
  /** True when staffPicks are the built-in samples, whose ids name no checklist. */
  isSampleStaffPicks: z.boolean(),
});
export type Discover = z.infer<typeof discoverSchema>;

/** GET /api/discover/suggestions and /api/discover/trending: cards in their order. */
export const discoverCardsSchema = z.object({ checklists: z.array(checklistCardSchema) });
export type DiscoverCards = z.infer<typeof discoverCardsSchema>;

/** GET /api/discover/trending?limit=: 1 to 50, 10 when absent; anything else is refused. */
export const trendingParamsSchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${TRENDING_MAX_LIMIT}`)
    .max(TRENDING_MAX_LIMIT, `limit must be between 1 and ${TRENDING_MAX_LIMIT}`)
    .default(TRENDING_DEFAULT_LIMIT),
});

/** The Staff Picks section: the first 3 flagged public lists, or the samples when there are none. */
export function chooseStaffPicks(
  flagged: readonly ChecklistCard[],
): Pick<Discover, 'staffPicks' | 'isSampleStaffPicks'> {
  if (flagged.length === 0) return { staffPicks: [...SAMPLE_STAFF_PICKS], isSampleStaffPicks: true };
  return { staffPicks: flagged.slice(0, DISCOVER_SECTION_SIZE), isSampleStaffPicks: false };
}

/** Built-in samples for Suggestions and Trending when Discover fails to load. */
export const SAMPLE_CHECKLISTS: readonly ChecklistCard[] = [
  sampleCard({
    id: 'sample-checklist-weekly-reset',
    title: 'Sunday Weekly Reset',
    description: 'Sample checklist: laundry, a fridge check, next week’s calendar and a tidy desk.',
    tags: ['home', 'sample'],
    difficulty: 'easy',
    estimatedTime: '1 hour',
    itemsCount: 9,
  }),
  sampleCard({
    id: 'sample-checklist-trip-packing',
    title: 'Carry-on Trip Packing',
    description: 'Sample checklist: documents, chargers, a change of clothes and the liquids bag.',
    tags: ['travel', 'sample'],
    difficulty: 'easy',
    estimatedTime: '30 minutes',
    itemsCount: 14,
  }),
  sampleCard({
    id: 'sample-checklist-new-bike',
    title: 'First Ride on a New Bike',
    description: 'Sample checklist: tyre pressure, brakes, saddle height, lights and a spare tube.',
    tags: ['cycling', 'sample'],
    difficulty: 'medium',
    estimatedTime: '20 minutes',
    itemsCount: 7,
  }),
  sampleCard({
    id: 'sample-checklist-dinner-party',
    title: 'Dinner Party for Six',
    description: 'Sample checklist: allergies asked, shopping done, timings planned, ice in the freezer.',
    tags: ['cooking', 'sample'],
    difficulty: 'medium',
    estimatedTime: '2+ hours',
    itemsCount: 11,
  }),
  sampleCard({
    id: 'sample-checklist-job-offer',
    title: 'Before Accepting a Job Offer',
    description: 'Sample checklist: salary in writing, notice period, start date and benefits compared.',
    tags: ['career', 'sample'],
    difficulty: 'hard',
    estimatedTime: '1 hour',
    itemsCount: 8,
  }),
  sampleCard({
    id: 'sample-checklist-garden-spring',
    title: 'Spring Garden Start',
    description: 'Sample checklist: clear the beds, sharpen the tools, sow the first seeds.',
    tags: ['garden', 'sample'],
    difficulty: 'easy',
    estimatedTime: '2+ hours',
    itemsCount: 10,
  }),
];

/** What Discover shows: the response, or the built-in samples when it failed (`isFallback`). */
export type DiscoverView = Discover & { isFallback: boolean };

/**
 * What Discover shows when loading fails ("built-in sample data is used"): samples in
 * every section, Suggestions and Trending assembled by the same rule as real cards. No sample id
 * names a checklist, so a page must not link them.
 */
export const DISCOVER_FALLBACK: DiscoverView = {
  ...assembleDiscover(SAMPLE_CHECKLISTS, []),
  ...chooseStaffPicks([]),
  isFallback: true,
};
