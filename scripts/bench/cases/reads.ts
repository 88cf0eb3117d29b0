// The read cases besides Browse: a list's detail, Discover (visitor and signed in), suggestions,
// the dashboard's tabs and activity, badges and the stats bar (as the one busy bench user), and a
// user's run history of a list and their library status of a list, and the lists a device keeps for
// offline.
import { DASHBOARD_LISTS_PAGE_SIZE } from '../../../src/domain/dashboard/dashboard';
import { accountStats } from '../../../src/server/accounts/me.queries';
import { listOfflineLists } from '../../../src/server/accounts/offline-lists.queries';
import { listBadgeStatus } from '../../../src/server/badges/badges.queries';
import { findChecklistDetail } from '../../../src/server/checklists/checklists.queries';
import { listOwnRuns } from '../../../src/server/checklists/runs.queries';
import { RUNS_PAGE_SIZE } from '../../../src/domain/checklists/runs';
import { libraryStatus } from '../../../src/server/library/library.queries';
import { listDashboardLists, listRecentActivity } from '../../../src/server/dashboard/dashboard.queries';
import type { Database } from '../../../src/server/db/client';
import { createDiscoverCache, loadDiscover, suggestChecklists } from '../../../src/server/discover/discover.queries';
import { asUser, eachUserGets, type Signed } from '../users';
import { freshWindows, type Case } from './case';

/** How many times each signed-in user asks for the lists kept for offline (within their hourly limit). */
const OFFLINE_ASKS = 10;

/** What the Lists tabs ask for first (the API's default page). */
const firstDashboardPage = { limit: DASHBOARD_LISTS_PAGE_SIZE };

/** `ids`: public lists in a shuffled order; `signed`: the signed-in users; `me`: the bench user. */
export function readCases(db: Database, ids: string[], signed: Signed[], me: Signed): Case[] {
  const cases: Case[] = [];
  cases.push({
    name: 'detail',
    requests: ids.slice(0, 500).map((id) => ({ method: 'GET', path: `/api/checklists/${id}` })),
    bare: (index) => findChecklistDetail(db, ids[(index % 500) % ids.length]!, null),
  });
  // The bare Discover reads its sections every time; the server caches them (DISCOVER_CACHE_MS).
  const discoverCache = createDiscoverCache(db, { ttlMs: 0 });
  const signedGet = (pathname: string) => eachUserGets(signed, pathname);
  const mine = (pathname: string) => [{ method: 'GET' as const, path: pathname, headers: asUser(me) }];
  cases.push(
    {
      name: 'discover (visitor)',
      requests: [{ method: 'GET', path: '/api/discover' }],
      bare: () => loadDiscover(db, null, discoverCache),
    },
    {
      name: 'discover (signed in)',
      requests: signedGet('/api/discover'),
      bare: (index) => loadDiscover(db, signed[index % signed.length]!.userId, discoverCache),
    },
    {
      name: 'discover/suggestions',
      requests: signedGet('/api/discover/suggestions'),
      bare: (index) => suggestChecklists(db, signed[index % signed.length]!.userId),
    },
    {
      name: 'dashboard/lists tab=in-progress',
      requests: mine('/api/dashboard/lists?tab=in-progress'),
      bare: () => listDashboardLists(db, me.userId, 'in-progress', firstDashboardPage),
    },
    {
      name: 'dashboard/lists tab=saved',
      requests: mine('/api/dashboard/lists?tab=saved'),
      bare: () => listDashboardLists(db, me.userId, 'saved', firstDashboardPage),
    },
    {
      name: 'dashboard/activity',
      requests: mine('/api/dashboard/activity'),
      bare: () => listRecentActivity(db, me.userId, 10),
    },
    { name: 'badges', requests: mine('/api/badges'), bare: () => listBadgeStatus(db, me.userId) },
    { name: 'accounts/me/stats', requests: mine('/api/accounts/me/stats'), bare: () => accountStats(db, me.userId) },
    {
      // Each signed-in user reads their own history of a list in turn (request i is user i mod N), so
      // the per-user rate limit is met only past N × its limit a minute.
      name: 'read: run history',
      requests: ids.slice(0, 500).map((id, index) => ({
        method: 'GET' as const,
        path: `/api/checklists/${id}/runs`,
        headers: asUser(signed[index % signed.length]!),
      })),
      bare: (index) =>
        listOwnRuns(db, ids[index % Math.min(500, ids.length)]!, signed[index % signed.length]!.userId, {
          limit: RUNS_PAGE_SIZE,
        }),
    },
    {
      // A list's groups and save, as a signed-in reader's detail page asks for them: user i mod N
      // asks about list i.
      name: 'read: library status',
      requests: ids.slice(0, 500).map((id, index) => ({
        method: 'GET' as const,
        path: `/api/library/checklists/${id}`,
        headers: asUser(signed[index % signed.length]!),
      })),
      bare: (index) =>
        libraryStatus(db, signed[index % signed.length]!.userId, ids[index % Math.min(500, ids.length)]!),
    },
    {
      // The lists a device keeps for offline, as each signed-in user's devices ask after sign-in and
      // every few hours: ten asks of each user, each sent once (the limit is per hour).
      name: 'read: lists kept for offline',
      requests: Array.from({ length: OFFLINE_ASKS }, () => signedGet('/api/accounts/me/offline-lists')).flat(),
      once: true,
      before: freshWindows(db, 'offlineListsPerUser', signed),
      bare: (index) => listOfflineLists(db, signed[index % signed.length]!.userId),
    },
  );

  return cases;
}
