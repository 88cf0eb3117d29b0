import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect } from 'vitest';
import type { ChecklistCard } from '../../src/domain/checklists/browse';
import { discoverCardsSchema, discoverSchema, type Discover } from '../../src/domain/discover/assembly';
import { checklists } from '../../src/server/db/schema';
import { suggestChecklists } from '../../src/server/discover/discover.queries';
import { makeChecklist, createUser, type ChecklistSeed, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from './sign-in';
import { createTestApp, type Agent, type TestApp } from './test-app';
import { createTestDatabase } from './test-database';

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
export const daysAgo = (days: number) => minutesAgo(days * 24 * 60);
export const titles = (cards: ChecklistCard[]) => cards.map((card) => card.title);
export const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `${prefix}${from + index}`);

/** The Discover tests' app on a database of its own, with a signed-in user and the author of the lists. */
type DiscoverApp = { t: TestApp; databaseUrl: string; me: CreatedUser; other: CreatedUser; meAgent: Agent };

/**
 * Makes the test file's app in `beforeAll` (handing it to `use`), with every SQL statement passed
 * to `onQuery` if given; returns the list and read helpers on that app. Every test builds the lists it needs on an empty table: suggestions and trending
 * read them all.
 */
export function useDiscoverApp(use: (app: DiscoverApp) => void, onQuery?: (query: string) => void) {
  let app: DiscoverApp;
  beforeAll(async () => {
    const database = await createTestDatabase({ onQuery });
    const t = await createTestApp({ db: database.db });
    const me = await createUser(t.db, { username: 'discover_me' });
    const other = await createUser(t.db, { username: 'discover_other' });
    app = { t, databaseUrl: database.url, me, other, meAgent: await signedInAgent(t, me) };
    use(app);
  });
  beforeEach(async () => {
    await app.t.db.delete(checklists);
  });
  return discoverHelpers(() => app);
}

type ListSeed = ChecklistSeed & {
  author?: CreatedUser;
  updatedAt?: Date;
  /** Counters are maintained by triggers; set by hand they give the generated rating (decision 010). */
  likes?: number;
  uses?: number;
};

/** Rated lists (created long ago, so only the rating source finds them): likes = uses = n. */
const RATED = { '4.9': 100, '4.8': 40, '4.6': 20, '4.3': 10, '4.2': 8, '4.0': 6, '3.9': 5, '3.6': 3 } as const;
type Rating = keyof typeof RATED;

const ratedTitle = (rating: Rating) => `Rated ${rating}`;
/** The titles `makeRated` gives lists of these ratings, in the order given. */
export const ratedTitles = (...ratings: Rating[]) => ratings.map(ratedTitle);

/** The lists and reads of the Discover tests, on the test file's app (`app()`: made in its beforeAll). */
function discoverHelpers(app: () => DiscoverApp) {
  /** A list by `other` unless said otherwise; returns its id. */
  async function makeList(title: string, seed: ListSeed = {}): Promise<string> {
    const { t, other } = app();
    const { author = other, updatedAt, likes = 0, uses = 0, ...rest } = seed;
    const list = await makeChecklist(t.db, author.id, { title, ...rest });
    if (updatedAt || likes || uses) {
      await t.db
        .update(checklists)
        .set({ updatedAt: updatedAt ?? list.updatedAt, likesCount: likes, usesCount: uses })
        .where(eq(checklists.id, list.id));
    }
    return list.id;
  }

  async function makeRated(rating: Rating, daysOld = 200): Promise<string> {
    return makeList(ratedTitle(rating), { createdAt: daysAgo(daysOld), likes: RATED[rating], uses: RATED[rating] });
  }

  /** Lists created and updated `1..count` minutes ago, named `${prefix}1` (newest) onwards. */
  async function makeRecent(prefix: string, count: number, seed: ListSeed = {}): Promise<void> {
    for (let index = 1; index <= count; index++)
      await makeList(`${prefix}${index}`, { createdAt: minutesAgo(index), ...seed });
  }

  async function getJson(path: string, agent: Agent = app().t.agent()) {
    const response = await agent.request(path);
    expect(response.status, path).toBe(200);
    return response.json();
  }

  return {
    makeList,
    makeRated,
    makeRecent,
    getJson,
    signedInSuggestions: async () =>
      titles(discoverCardsSchema.parse(await getJson('/api/discover/suggestions', app().meAgent)).checklists),
    visitorSuggestions: async () => titles(await suggestChecklists(app().t.db, null)),
    discover: async (agent?: Agent): Promise<Discover> => discoverSchema.parse(await getJson('/api/discover', agent)),
  };
}
