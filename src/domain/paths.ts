import type { BrowseQuery } from './checklists/browse';
import type { MeTab } from './navigation/routes';

const segment = encodeURIComponent;

/**
 * Every address of the app's own pages, built in one place so that each id and name
 * in a path is encoded once and the same way. Routes themselves are declared in router.tsx.
 */
export const paths = {
  home: () => '/',
  about: () => '/about',
  terms: () => '/terms',
  privacy: () => '/privacy',
  login: (redirect?: string) => (redirect === undefined ? '/login' : `/login?redirect=${segment(redirect)}`),
  /** After a password reset, the login page says so. */
  loginAfterReset: () => '/login?reset=1',
  signUp: () => '/signup',
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  browse: ({ q, tag }: Partial<Pick<BrowseQuery, 'q' | 'tag'>> = {}) => {
    const query = [q ? `q=${segment(q)}` : null, tag ? `tag=${segment(tag)}` : null].filter(Boolean).join('&');
    return query ? `/browse?${query}` : '/browse';
  },
  checklist: (id: string) => `/checklist/${segment(id)}`,
  /** A list laid out for paper: empty boxes, its notes, its address and a QR code of it. */
  checklistPrint: (id: string) => `/checklist/${segment(id)}/print`,
  /** The author's versions of their list (the author only). */
  checklistVersions: (id: string) => `/checklist/${segment(id)}/versions`,
  create: () => '/create',
  editChecklist: (id: string) => `/edit-checklist/${segment(id)}`,
  /** Where the owner of a clone reviews what its original changed since (the owner only). */
  checklistUpstream: (id: string) => `/checklist/${segment(id)}/upstream`,
  user: (username: string) => `/user/${segment(username)}`,
  /** The moderators' queue (moderators and admins; anyone else finds no such page). */
  moderation: () => '/moderation',
  me: (tab?: MeTab) => (tab === undefined ? '/me' : `/me?tab=${tab}`),
  /** The admins' audit log and roles. */
  moderationAudit: () => '/moderation/audit',
  moderationRoles: () => '/moderation/roles',
  dashboard: {
    home: () => '/dashboard',
    create: () => '/dashboard/create',
    discover: () => '/dashboard/discover',
    discoverChecklist: (id: string) => `/dashboard/discover/${segment(id)}`,
    lists: (tab?: string) => (tab === undefined ? '/dashboard/lists' : `/dashboard/lists?tab=${tab}`),
    list: (id: string) => `/dashboard/lists/${segment(id)}`,
    collections: () => '/dashboard/collections',
    badges: () => '/dashboard/badges',
    profile: () => '/dashboard/profile',
    activity: () => '/dashboard/activity',
    settings: () => '/dashboard/settings',
  },
};
