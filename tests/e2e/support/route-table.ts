import { failedRequest } from './fixtures';

/** The site's routes, as a visitor reaches them (with a search that finds nothing, a missing list and a missing user). */
export const visitorRoutes = (ids: { list: string; author: string }) => [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/email-change?result=confirmed',
  '/email-change?result=invalid',
  '/email-change?undo=not-a-real-token-of-any-kind',
  '/about',
  '/terms',
  '/privacy',
  '/browse',
  '/browse?q=nothing-matches-these-words',
  `/checklist/${ids.list}`,
  `/checklist/${ids.list}/print`,
  '/checklist/00000000-0000-4000-8000-000000000000',
  `/user/${ids.author}`,
  '/user/nobody-by-that-name',
  '/me',
  // The moderators' queue: anyone else finds no such page.
  '/moderation',
  '/no-such-page',
];
export const missingThings = failedRequest(404, /\/api\/(checklists\/00000000-|users\/nobody-)/);

/** The site's routes as a signed-in reader sees them: someone else's list and the reader's own. */
export const readerSiteRoutes = (ids: { othersList: string; ownList: string; reader: string }) => [
  '/browse',
  `/checklist/${ids.othersList}`,
  `/checklist/${ids.ownList}`,
  `/checklist/${ids.othersList}/print`,
  `/checklist/${ids.ownList}/upstream`,
  '/create',
  `/edit-checklist/${ids.ownList}`,
  `/checklist/${ids.ownList}/versions`,
  `/user/${ids.reader}`,
  '/me',
  '/me?tab=my-lists',
  '/me?tab=created-lists',
  '/me?tab=activity',
  '/me?tab=settings',
];

/** The rest of the site as a signed-in reader sees it: pages open to all, other people's profiles, a 404. */
export const readerOtherRoutes = (ids: { author: string; privateUser: string }) => [
  '/about',
  '/terms',
  '/privacy',
  `/user/${ids.author}`,
  `/user/${ids.privateUser}`,
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/reset-password?error=INVALID_TOKEN',
  '/moderation',
  '/no-such-page',
];

export const dashboardRoutes = (ids: { othersList: string; ownList: string }) => [
  '/dashboard',
  '/dashboard/create',
  '/dashboard/discover',
  `/dashboard/discover/${ids.othersList}`,
  '/dashboard/lists',
  `/dashboard/lists/${ids.ownList}`,
  '/dashboard/collections',
  '/dashboard/badges',
  '/dashboard/profile',
  '/dashboard/activity',
  '/dashboard/settings',
  '/dashboard/no-such-page',
];

/** The admins' pages: the audit log and roles (anyone else finds no such page). */
export const adminRoutes = () => ['/moderation/audit', '/moderation/roles'];
