// The requests each endpoint kind of the mix draws from, made from the seeded data before the run:
// visitors' reads from addresses of their own, signed-in people's reads and writes each as one of
// many users from that user's own address (the bench's sign-ins and write cases), searches both
// repeated and never made before.
import { BROWSE_ORDERS, LISTING_ORDERS, type BrowseOrder } from '../../src/domain/checklists/browse';
import { paths } from '../../src/domain/paths';
import type { Database } from '../../src/server/db/client';
import type { LoadRequest } from '../bench/load';
import type { BenchSize } from '../bench/options';
import { sampleLists } from '../bench/cases/prepare';
import { drawText } from '../bench/cases/text';
import { writeCases } from '../bench/cases/writes';
import { isSuspendedBenchUser } from '../bench/seed-moderation';
import { shuffled } from '../bench/shuffled';
import { asUser, signInUsers, type Signed } from '../bench/users';
import { clientAddress } from '../shared/signed-in-client';
import type { Kind } from './mix';
import type { Pool, Pools } from './generator';

/** Visitors come from this many addresses, numbered after every seeded user's (10.16.0.0 on). */
const VISITOR_ADDRESSES = 5000;
const FIRST_VISITOR = 1 << 20;

/** The headers of a visitor's request: an address of its own, as the proxy in front reports it. */
const asVisitor = (index: number): Record<string, string> => ({
  'x-forwarded-for': clientAddress(FIRST_VISITOR + (index % VISITOR_ADDRESSES)),
});

/** A browser opening an address: it asks for HTML. */
const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const get = (path: string, headers: Record<string, string>): LoadRequest => ({ method: 'GET', path, headers });
const atRandom = (requests: LoadRequest[]): Pool => ({ requests, inTurn: false });
const inTurn = (requests: LoadRequest[]): Pool => ({ requests, inTurn: true });

const browsePath = (order: BrowseOrder, { q, tag }: { q?: string; tag?: string }) =>
  `/api/checklists?${new URLSearchParams({ order, ...(q ? { q } : {}), ...(tag ? { tag } : {}) })}`;

/** Each of `signed` asking for each of `paths`. */
const eachUser = (signed: Signed[], pathnames: string[]) =>
  signed.flatMap((user) => pathnames.map((pathname) => get(pathname, asUser(user))));

/** Signs in `signIns` users and makes every kind's requests; how many users signed in. */
export async function makePools(db: Database, size: BenchSize, signIns: number) {
  const { signed, seconds } = await signInUsers(size.users, signIns);
  const text = await drawText(db);
  const lists = await sampleLists(db, size);
  const ids = lists.map((list) => list.id);
  const { common, middle, rare, tags } = text;
  const usernames = Array.from({ length: 2000 }, (_, index) => 1 + ((index * 7919) % size.users))
    .filter((n) => !isSuspendedBenchUser(n))
    .map((n) => `bench_${n}`);
  const visitors = <T>(items: T[], make: (item: T, index: number) => string) =>
    items.map((item, index) => get(make(item, index), asVisitor(index)));
  const count = (length: number) => Array.from({ length }, (_, index) => index);

  // Browse: each listing order alike, a third of the pages on a tag.
  const browse = visitors(count(540), (index) =>
    browsePath(LISTING_ORDERS[Math.floor(index / 3) % LISTING_ORDERS.length]!, {
      tag: index % 3 === 2 ? tags[index % tags.length] : undefined,
    }),
  );
  // Pages: half of them a list's, the rest the landing page, Browse, a tag's Browse and profiles.
  const pagePath = (index: number) => {
    const slot = index % 20;
    if (slot < 10) return paths.checklist(ids[index % ids.length]!);
    if (slot < 13) return paths.home();
    if (slot < 16) return paths.browse();
    if (slot < 18) return paths.browse({ tag: tags[index % tags.length] });
    return paths.user(usernames[index % usernames.length]!);
  };
  const pages = count(2000).map((index) => get(pagePath(index), { ...asVisitor(index), accept: PAGE_ACCEPT }));
  // Searches people repeat: common, middle and rare words, pairs, a word on a tag; most by
  // relevance (Browse's order for a search), one in four newest first.
  const repeated = [
    ...common.map((q) => ({ q })),
    ...middle.slice(0, 40).map((q) => ({ q })),
    ...rare.map((q) => ({ q })),
    ...middle.slice(0, 40).map((word, index) => ({ q: `${common[index % common.length]} ${word}` })),
    ...middle.slice(40, 80).map((q, index) => ({ q, tag: tags[index % 10] })),
  ];
  const searchOrder = (index: number): BrowseOrder => (index % 4 === 3 ? 'newest' : BROWSE_ORDERS[0]);
  // Searches nobody has made since the server started: pairs of middle words, each sent once.
  const fresh = shuffled(
    middle.flatMap((first, index) => middle.slice(index + 1).map((second) => `${first} ${second}`)),
  );
  const writes = new Map((await writeCases(db, lists, signed, text)).map((entry) => [entry.name, entry.requests]));
  const written = (name: string) => inTurn(writes.get(name)!);

  const pools: Pools = {
    browse: atRandom(browse),
    detail: atRandom(visitors(ids, (id) => `/api/checklists/${id}`)),
    discover: atRandom(visitors(count(VISITOR_ADDRESSES), () => '/api/discover')),
    profile: atRandom(visitors(usernames, (username) => `/api/users/${username}`)),
    tags: atRandom(visitors(count(VISITOR_ADDRESSES), () => '/api/checklists/tags')),
    page: atRandom(pages),
    dashboard: atRandom(
      eachUser(signed, [
        '/api/dashboard/lists?tab=in-progress',
        '/api/dashboard/lists?tab=saved',
        '/api/dashboard/activity',
      ]),
    ),
    library: atRandom(eachUser(signed, ['/api/library/groups'])),
    notifications: atRandom(eachUser(signed, ['/api/notifications', '/api/notifications/unread-count'])),
    'detail (signed in)': atRandom(
      signed.flatMap((user, index) =>
        count(5).map((k) => get(`/api/checklists/${ids[(index * 5 + k) % ids.length]!}`, asUser(user))),
      ),
    ),
    search: atRandom(visitors(repeated, (query, index) => browsePath(searchOrder(index), query))),
    'search (new)': inTurn(visitors(fresh, (q, index) => browsePath(searchOrder(index), { q }))),
    tick: written('write: tick'),
    like: written('write: like'),
    comment: written('write: comment'),
    create: written('write: create a list'),
    clone: written('write: clone'),
  } satisfies Record<Kind, Pool>;
  return { pools, signedCount: signed.length, signInSeconds: seconds, freshSearches: fresh.length };
}
