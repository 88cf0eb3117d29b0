import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discoverCardsSchema } from '../../src/domain/discover/assembly';
import { checklists } from '../../src/server/db/schema';
import { suggestChecklists } from '../../src/server/discover/discover.queries';
import type { CreatedUser } from '../../src/server/seed/factories';
import { daysAgo, minutesAgo, range, ratedTitles, useDiscoverApp } from '../setup/discover';
import type { Agent, TestApp } from '../setup/test-app';

let t: TestApp;
let me: CreatedUser;
let meAgent: Agent;
let statements: string[] = [];
const { makeList, makeRated, makeRecent, getJson, signedInSuggestions, visitorSuggestions } = useDiscoverApp(
  (app) => ({ t, me, meAgent } = app),
  (query) => statements.push(query),
);

describe('suggestions', () => {
  it('leave out the user’s own lists and every private list; a visitor sees every public list', async () => {
    await makeRecent('Mine', 2, { author: me });
    await makeList('Hidden', { isPublic: false, createdAt: minutesAgo(3) });
    await makeList('Theirs1', { createdAt: minutesAgo(10) });
    await makeList('Theirs2', { createdAt: minutesAgo(20) });
    await makeList('Theirs3', { createdAt: minutesAgo(30) });
    expect(await signedInSuggestions()).toEqual(['Theirs1', 'Theirs2', 'Theirs3']);
    expect(await visitorSuggestions()).toEqual(['Mine1', 'Mine2', 'Theirs1', 'Theirs2', 'Theirs3']);
  });

  it('take at most 5 recently updated and 5 recently created, then the rated ones', async () => {
    // Recent1..7 lead both the updated and the created order; without the caps Recent6 and 7 would
    // push the rated lists out.
    await makeRecent('Recent', 7);
    for (const rating of ['4.3', '4.9', '4.6', '4.2', '4.8'] as const) await makeRated(rating);
    expect(await signedInSuggestions()).toEqual([
      ...range('Recent', 1, 5),
      ...ratedTitles('4.9', '4.8', '4.6', '4.3', '4.2'),
    ]);
  });

  it('take the rated ones highest first, at most 5, and each list once', async () => {
    await makeRecent('Recent', 5);
    // Recent1 is also the best rated: found by three sources, it still counts once.
    await t.db.update(checklists).set({ likesCount: 100, usesCount: 100 }).where(eq(checklists.title, 'Recent1'));
    for (const rating of ['4.0', '4.8', '3.6', '4.2', '4.6', '4.3'] as const) await makeRated(rating);
    expect(await signedInSuggestions()).toEqual([...range('Recent', 1, 5), ...ratedTitles('4.8', '4.6', '4.3', '4.2')]);
  });

  it('take a rating of exactly 4 and nothing under it', async () => {
    await makeRecent('Recent', 5);
    await makeRated('3.9', 100);
    await makeRated('4.0', 200);
    expect(await signedInSuggestions()).toEqual([...range('Recent', 1, 5), ...ratedTitles('4.0')]);
  });

  it('are cut to 10, in source order: updated, then created, then rated', async () => {
    // Updated lately but created long ago; created lately but not updated since; rated.
    for (let index = 1; index <= 6; index++) {
      await makeList(`Updated${index}`, { createdAt: daysAgo(100 + index), updatedAt: minutesAgo(index) });
      await makeList(`Created${index}`, { createdAt: minutesAgo(60 * index) });
    }
    await makeRated('4.9');
    const suggested = await signedInSuggestions();
    expect(suggested).toEqual([...range('Updated', 1, 5), ...range('Created', 1, 5)]);
  });

  it('take only lists with a valid difficulty into “recently created”', async () => {
    for (let index = 1; index <= 5; index++) {
      await makeList(`Recent${index}`, { createdAt: minutesAgo(60 * index), updatedAt: minutesAgo(index) });
    }
    // The database refuses other difficulties (a CHECK); lift it here to prove the query's own rule.
    await t.db.execute(sql`alter table checklists drop constraint checklists_difficulty_values`);
    try {
      const odd = await makeList('Odd difficulty', { createdAt: minutesAgo(0), updatedAt: daysAgo(100) });
      await t.db.execute(sql`update checklists set difficulty = 'extreme' where id = ${odd}`);
      expect(await signedInSuggestions()).toEqual(range('Recent', 1, 5));
    } finally {
      await t.db.execute(sql`delete from checklists where difficulty not in ('easy', 'medium', 'hard')`);
      await t.db.execute(
        sql`alter table checklists add constraint checklists_difficulty_values check (difficulty in ('easy', 'medium', 'hard'))`,
      );
    }
  });

  it('are none under 3, and the top-up with the newest lists keeps to the same rules', async () => {
    // Plenty of lists in total, but only 2 that may be suggested to me: the newest-10 top-up must
    // not bring in my own or private lists to reach 3.
    await makeRecent('Mine', 5, { author: me });
    await makeRecent('Private', 3, { isPublic: false });
    await makeList('Theirs1', { createdAt: daysAgo(1) });
    await makeList('Theirs2', { createdAt: daysAgo(2) });
    expect(await signedInSuggestions()).toEqual([]);
    await makeList('Theirs3', { createdAt: daysAgo(3) });
    expect(await signedInSuggestions()).toEqual(['Theirs1', 'Theirs2', 'Theirs3']);
  });

  it('are read in one SQL statement, however many lists there are', async () => {
    await makeRecent('Recent', 3);
    statements = [];
    await suggestChecklists(t.db, me.id);
    expect(statements).toHaveLength(1);
    await makeRecent('More', 20, { tags: ['a', 'b'] });
    for (const rating of ['4.9', '4.8', '4.6', '4.3', '4.2'] as const) await makeRated(rating);
    statements = [];
    expect(await suggestChecklists(t.db, me.id)).toHaveLength(10);
    expect(statements).toHaveLength(1);
    statements = [];
    expect(await suggestChecklists(t.db, null)).toHaveLength(10);
    expect(statements).toHaveLength(1);
  });

  it('come as browse cards with author, tags and counts', async () => {
    await makeRecent('Recent', 2);
    await makeList('Tagged', { createdAt: minutesAgo(3), tags: ['camping', 'Outdoors'], items: ['a', 'b'], uses: 4 });
    const card = discoverCardsSchema
      .parse(await getJson('/api/discover/suggestions', meAgent))
      .checklists.find((entry) => entry.title === 'Tagged');
    expect(card).toMatchObject({
      author: 'discover_other',
      authorUsername: 'discover_other',
      tags: ['camping', 'Outdoors'],
      itemsCount: 2,
      uses: 4,
      difficulty: 'medium',
    });
  });
});
