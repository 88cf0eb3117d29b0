import { z } from 'zod';

// Badges in the manner of Discourse (decision 011): the definitions live here, are copied into the
// `badges` table at start-up, and a grant is computed from database state by one SQL statement.

export const BADGE_TIERS = ['bronze', 'silver', 'gold'] as const;
export type BadgeTier = (typeof BADGE_TIERS)[number];

/**
 * What a rule counts for one user. The server holds one SQL expression per metric, used both to
 * grant and to show progress, so the two cannot disagree.
 */
export const BADGE_METRICS = [
  /** Public lists the user wrote themselves (clones are copies, not publications). */
  'published_lists',
  /** Lists on which the user has completed every item. */
  'completed_lists',
  /** The most likes on any one of the user's lists, the user's own likes excluded. */
  'likes_on_one_list',
  /** Clones of the user's lists made by someone else. */
  'clones_by_others',
  'followers',
  'comments_written',
] as const;
export type BadgeMetric = (typeof BADGE_METRICS)[number];

/** A badge is earned once its metric reaches the target. */
export type BadgeRule = { metric: BadgeMetric; target: number };

export type BadgeDefinition = {
  slug: string;
  name: string;
  description: string;
  tier: BadgeTier;
  rule: BadgeRule;
};

/** In the order the badges page lists them: by theme, then tier. */
export const BADGES = [
  {
    slug: 'first-checklist',
    name: 'First Checklist',
    description: 'Published your first public checklist.',
    tier: 'bronze',
    rule: { metric: 'published_lists', target: 1 },
  },
  {
    slug: 'curator',
    name: 'Curator',
    description: 'Published 10 public checklists.',
    tier: 'silver',
    rule: { metric: 'published_lists', target: 10 },
  },
  {
    slug: 'finisher',
    name: 'Finisher',
    description: 'Ticked every item of 1 checklist.',
    tier: 'bronze',
    rule: { metric: 'completed_lists', target: 1 },
  },
  {
    slug: 'closer',
    name: 'Closer',
    description: 'Ticked every item of a checklist 5 times, the same one or others.',
    tier: 'silver',
    rule: { metric: 'completed_lists', target: 5 },
  },
  {
    slug: 'completionist',
    name: 'Completionist',
    description: 'Ticked every item of a checklist 25 times, the same one or others.',
    tier: 'gold',
    rule: { metric: 'completed_lists', target: 25 },
  },
  {
    slug: 'crowd-pleaser-bronze',
    name: 'Crowd Pleaser',
    description: 'One of your checklists got 10 likes.',
    tier: 'bronze',
    rule: { metric: 'likes_on_one_list', target: 10 },
  },
  {
    slug: 'crowd-pleaser-silver',
    name: 'Crowd Pleaser',
    description: 'One of your checklists got 25 likes.',
    tier: 'silver',
    rule: { metric: 'likes_on_one_list', target: 25 },
  },
  {
    slug: 'crowd-pleaser-gold',
    name: 'Crowd Pleaser',
    description: 'One of your checklists got 50 likes.',
    tier: 'gold',
    rule: { metric: 'likes_on_one_list', target: 50 },
  },
  {
    slug: 'trendsetter',
    name: 'Trendsetter',
    description: 'Someone cloned 1 of your checklists.',
    tier: 'bronze',
    rule: { metric: 'clones_by_others', target: 1 },
  },
  {
    slug: 'connector',
    name: 'Connector',
    description: 'Reached 10 followers.',
    tier: 'silver',
    rule: { metric: 'followers', target: 10 },
  },
  {
    slug: 'conversationalist',
    name: 'Conversationalist',
    description: 'Wrote 10 comments.',
    tier: 'bronze',
    rule: { metric: 'comments_written', target: 10 },
  },
] as const satisfies readonly BadgeDefinition[];

export type BadgeSlug = (typeof BADGES)[number]['slug'];

/** The rule as the `badges.rule` column stores it, readable in psql: `completed_lists >= 5`. */
export function badgeRuleText(rule: BadgeRule): string {
  return `${rule.metric} >= ${rule.target}`;
}

/** The definitions whose metric an action can move: what a grant after that action must check. */
export function badgesForMetrics(metrics: readonly BadgeMetric[]): BadgeDefinition[] {
  return BADGES.filter((badge) => metrics.includes(badge.rule.metric));
}

/**
 * Whether `value` is a target of one of `metric`'s badges: for a metric that moves one step at a
 * time, a write that leaves it at any other value cannot have earned one of them.
 */
export function isBadgeTarget(metric: BadgeMetric, value: number): boolean {
  return badgeTargets(metric).includes(value);
}

/** The targets of the badges on `metric`. */
export function badgeTargets(metric: BadgeMetric): number[] {
  return BADGES.filter((badge) => badge.rule.metric === metric).map((badge) => badge.rule.target);
}

/** Progress as the badges page shows it: capped at the target, so an earned badge reads "10 / 10". */
export function badgeProgress(rule: BadgeRule, value: number): { current: number; target: number } {
  return { current: Math.min(Math.max(value, 0), rule.target), target: rule.target };
}

/** GET /api/badges: every badge, with when the signed-in user earned it and how far they are. */
export const badgeStatusSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  tier: z.enum(BADGE_TIERS),
  earnedAt: z.string().nullable(),
  progress: z.object({ current: z.number().int(), target: z.number().int() }),
});
export type BadgeStatus = z.infer<typeof badgeStatusSchema>;
export const badgeListSchema = z.object({ badges: z.array(badgeStatusSchema) });

/** A badge a user has earned, as their public profile lists it. */
export const earnedBadgeSchema = z.object({
  slug: z.string(),
  name: z.string(),
  tier: z.enum(BADGE_TIERS),
  grantedAt: z.string(),
});
export type EarnedBadge = z.infer<typeof earnedBadgeSchema>;
