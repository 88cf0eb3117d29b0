import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BADGES, badgeListSchema } from '../../src/domain/badges/badges';
import { publicProfileSchema } from '../../src/domain/social/profile';
import { checklistComments, clonedChecklists, follows } from '../../src/server/db/schema';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { badgeHelpers, newList } from '../setup/badges';
import { completeItem } from '../setup/completions';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const { extra, addLikes, addCompletedLists } = badgeHelpers(() => t);

describe('GET /api/badges', () => {
  it('lists every badge with its tier, when it was earned and the progress towards it', async () => {
    const user = await createUser(t.db);
    const asUser = await signedInAgent(t, user);
    const someone = await extra();
    // Through the API first: only a list that brings the published ones to a target leaves a check.
    await asUser.post('/api/checklists', newList('First of my own'));
    for (let index = 0; index < 3; index++) await makeChecklist(t.db, user.id);
    await makeChecklist(t.db, user.id, { isPublic: false });
    const original = await makeChecklist(t.db, someone.id);
    const copy = await makeChecklist(t.db, user.id);
    await t.db.insert(clonedChecklists).values({
      originalChecklistId: original.id,
      originalTitle: original.title,
      clonedChecklistId: copy.id,
      clonedBy: user.id,
    });
    const single = await makeChecklist(t.db, someone.id, { items: ['only'] });
    await completeItem(asUser, single, 0);
    await addCompletedLists(user, 1);
    const half = await makeChecklist(t.db, someone.id, { items: ['a', 'b'] });
    await completeItem(asUser, half, 0);
    const [liked, lessLiked] = [await makeChecklist(t.db, user.id), await makeChecklist(t.db, user.id)];
    await addLikes(liked.id, 6);
    await addLikes(lessLiked.id, 3);
    for (let index = 0; index < 4; index++) {
      await t.db.insert(follows).values({ followerId: (await extra()).id, followedId: user.id });
    }
    for (let index = 0; index < 7; index++) {
      await t.db.insert(checklistComments).values({ checklistId: original.id, userId: user.id, content: `#${index}` });
    }

    const response = await asUser.request('/api/badges');
    expect(response.status).toBe(200);
    const { badges } = badgeListSchema.parse(await response.json());
    const grants = await t.db.execute<{ badge_slug: string; granted_at: Date }>(
      sql`select badge_slug, granted_at from user_badges where user_id = ${user.id}`,
    );
    const grantedAt = (slug: string) => new Date(grants.rows.find((row) => row.badge_slug === slug)!.granted_at);
    expect(badges.map((badge) => [badge.slug, badge.progress.current, badge.progress.target])).toEqual([
      ['first-checklist', 1, 1],
      ['curator', 6, 10], // 3 + the API's + the two liked ones; not the private one nor the clone
      ['finisher', 1, 1],
      ['closer', 2, 5],
      ['completionist', 2, 25],
      ['crowd-pleaser-bronze', 6, 10],
      ['crowd-pleaser-silver', 6, 25],
      ['crowd-pleaser-gold', 6, 50],
      ['trendsetter', 0, 1],
      ['connector', 4, 10],
      ['conversationalist', 7, 10],
    ]);
    expect(badges.map((badge) => badge.slug)).toEqual(BADGES.map((badge) => badge.slug));
    const bySlug = new Map(badges.map((badge) => [badge.slug, badge]));
    expect(bySlug.get('first-checklist')).toEqual({
      slug: 'first-checklist',
      name: 'First Checklist',
      description: 'Published your first public checklist.',
      tier: 'bronze',
      earnedAt: grantedAt('first-checklist').toISOString(),
      progress: { current: 1, target: 1 },
    });
    expect(bySlug.get('finisher')!.earnedAt).toBe(grantedAt('finisher').toISOString());
    expect(bySlug.get('crowd-pleaser-gold')).toMatchObject({ tier: 'gold', earnedAt: null });
    expect(badges.filter((badge) => badge.earnedAt !== null)).toHaveLength(2);
  });

  describe('who sees which badges', () => {
    let holder: CreatedUser;
    let asHolder: Agent;
    let asOther: Agent;
    beforeAll(async () => {
      holder = await createUser(t.db);
      asHolder = await signedInAgent(t, holder);
      asOther = await signedInAgent(t, await createUser(t.db));
      await asHolder.post('/api/checklists', newList('Earns a badge'));
    });

    it.each([
      ['a visitor', () => t.agent(), 401, null],
      ['the holder', () => asHolder, 200, ['first-checklist']],
      ['another user', () => asOther, 200, []],
    ] as const)('%s gets %i and sees only their own grants', async (_who, agent, status, earnedSlugs) => {
      const response = await agent().request('/api/badges');
      expect(response.status).toBe(status);
      if (earnedSlugs === null) return;
      const { badges } = badgeListSchema.parse(await response.json());
      expect(badges.filter((badge) => badge.earnedAt !== null).map((badge) => badge.slug)).toEqual(earnedSlugs);
    });
  });
});

describe('badges on a profile', () => {
  it('are listed on a public profile, and hidden on a private one from all but its owner (decision 008)', async () => {
    const open = await createUser(t.db);
    const hidden = await createUser(t.db, { isPublic: false });
    const asOpen = await signedInAgent(t, open);
    const asHidden = await signedInAgent(t, hidden);
    await asOpen.post('/api/checklists', newList('Open'));
    await asHidden.post('/api/checklists', newList('Hidden'));
    const badgesOn = async (agent: Agent, username: string) =>
      publicProfileSchema.parse(await (await agent.request(`/api/users/${username}`)).json()).badges;

    const [grant] = (
      await t.db.execute<{ granted_at: Date }>(sql`select granted_at from user_badges where user_id = ${open.id}`)
    ).rows;
    const firstChecklist = {
      slug: 'first-checklist',
      name: 'First Checklist',
      tier: 'bronze',
      grantedAt: new Date(grant!.granted_at).toISOString(),
    };
    expect(await badgesOn(t.agent(), open.username)).toEqual([firstChecklist]);
    expect(await badgesOn(asHidden, open.username)).toEqual([firstChecklist]);
    expect(await badgesOn(t.agent(), hidden.username)).toEqual([]);
    expect(await badgesOn(asOpen, hidden.username)).toEqual([]);
    expect(await badgesOn(asHidden, hidden.username)).toEqual([expect.objectContaining({ slug: 'first-checklist' })]);
  });
});
