import { describe, expect, it } from 'vitest';
import {
  BADGE_METRICS,
  BADGE_TIERS,
  BADGES,
  badgeListSchema,
  badgeProgress,
  badgeRuleText,
  badgeTargets,
  badgesForMetrics,
  isBadgeTarget,
  type BadgeMetric,
} from './badges';

const tierRank = (tier: string) => BADGE_TIERS.indexOf(tier as (typeof BADGE_TIERS)[number]);
const ladder = (metric: BadgeMetric) =>
  BADGES.filter((badge) => badge.rule.metric === metric).map((badge) => [badge.name, badge.tier, badge.rule.target]);

describe('the badge definitions (decision 011)', () => {
  it('have unique slugs, in kebab-case, and one tier per name', () => {
    const slugs = BADGES.map((badge) => badge.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
    const nameAndTier = BADGES.map((badge) => `${badge.name}/${badge.tier}`);
    expect(new Set(nameAndTier).size).toBe(nameAndTier.length);
  });

  it('set the thresholds of the issue', () => {
    expect(ladder('published_lists')).toEqual([
      ['First Checklist', 'bronze', 1],
      ['Curator', 'silver', 10],
    ]);
    expect(ladder('completed_lists')).toEqual([
      ['Finisher', 'bronze', 1],
      ['Closer', 'silver', 5],
      ['Completionist', 'gold', 25],
    ]);
    expect(ladder('likes_on_one_list')).toEqual([
      ['Crowd Pleaser', 'bronze', 10],
      ['Crowd Pleaser', 'silver', 25],
      ['Crowd Pleaser', 'gold', 50],
    ]);
    expect(ladder('clones_by_others')).toEqual([['Trendsetter', 'bronze', 1]]);
    expect(ladder('followers')).toEqual([['Connector', 'silver', 10]]);
    expect(ladder('comments_written')).toEqual([['Conversationalist', 'bronze', 10]]);
  });

  it('climb: on one metric a higher target never has a lower tier', () => {
    for (const metric of BADGE_METRICS) {
      const steps = BADGES.filter((badge) => badge.rule.metric === metric).sort(
        (a, b) => a.rule.target - b.rule.target,
      );
      for (const [index, step] of steps.entries()) {
        expect(step.rule.target).toBeGreaterThan(0);
        expect(Number.isInteger(step.rule.target)).toBe(true);
        if (index > 0) expect(tierRank(step.tier)).toBeGreaterThan(tierRank(steps[index - 1]!.tier));
      }
    }
  });

  it('describe the number they ask for, so text and rule cannot drift apart', () => {
    for (const badge of BADGES) {
      const target = badge.rule.target === 1 ? /\b1\b|first/ : new RegExp(`\\b${badge.rule.target}\\b`);
      expect(badge.description, badge.slug).toMatch(target);
    }
  });

  it('store their rule as readable text', () => {
    expect(badgeRuleText({ metric: 'completed_lists', target: 5 })).toBe('completed_lists >= 5');
  });
});

describe('which badges an action checks', () => {
  it('are those on the metrics it moves', () => {
    expect(badgesForMetrics(['likes_on_one_list']).map((badge) => badge.slug)).toEqual([
      'crowd-pleaser-bronze',
      'crowd-pleaser-silver',
      'crowd-pleaser-gold',
    ]);
    expect(badgesForMetrics(['followers', 'comments_written']).map((badge) => badge.slug)).toEqual([
      'connector',
      'conversationalist',
    ]);
    expect(badgesForMetrics([])).toEqual([]);
  });
});

describe('badge progress', () => {
  it('counts towards the target and stops there', () => {
    const rule = { metric: 'followers', target: 10 } as const;
    expect(badgeProgress(rule, 0)).toEqual({ current: 0, target: 10 });
    expect(badgeProgress(rule, 9)).toEqual({ current: 9, target: 10 });
    expect(badgeProgress(rule, 10)).toEqual({ current: 10, target: 10 });
    expect(badgeProgress(rule, 37)).toEqual({ current: 10, target: 10 });
  });

  it('is what the API responds with, per badge', () => {
    const response = {
      badges: [
        {
          slug: 'finisher',
          name: 'Finisher',
          description: 'Ticked every item of 1 checklist.',
          tier: 'bronze',
          earnedAt: null,
          progress: { current: 0, target: 1 },
        },
      ],
    };
    expect(badgeListSchema.parse(response)).toEqual(response);
    expect(() => badgeListSchema.parse({ badges: [{ ...response.badges[0], tier: 'platinum' }] })).toThrow();
  });
});

describe('a metric’s targets', () => {
  it('are the targets of its badges, and a value is a target only if one of them', () => {
    for (const metric of BADGE_METRICS) {
      const targets = badgeTargets(metric);
      expect(targets).toEqual(BADGES.filter((badge) => badge.rule.metric === metric).map((badge) => badge.rule.target));
      for (const target of targets) expect(isBadgeTarget(metric, target)).toBe(true);
      expect(isBadgeTarget(metric, Math.max(0, ...targets) + 1)).toBe(false);
    }
  });
});
