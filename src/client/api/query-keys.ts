import type { BrowseQuery } from '@/domain/checklists/browse';
import type { OwnListFilter, OwnListSort } from '@/domain/checklists/own-lists';
import type { DashboardListTab } from '@/domain/dashboard/dashboard';

// Every resource's query keys, in one module that imports nothing from api/: a write to one resource
// invalidates another's keys (a new list refreshes the library and the user's stats; a profile
// change refreshes lists, library and profiles), and with the keys beside their queries those
// modules imported one another in a circle. Each api/ module imports its keys and the keys it
// invalidates from here.

/** What the browse page filters by; where a page starts is the infinite query's own business. */
export type BrowseFilters = Omit<BrowseQuery, 'page' | 'cursor'>;

export type FollowListKind = 'followers' | 'following';

// Every checklist query (browse, detail, own lists, the dashboard's tabs, ...) sits under
// 'checklists', so one write refreshes them all by invalidating checklistKeys.all.
export const checklistKeys = {
  all: ['checklists'] as const,
  // 'detail' keeps an id such as "discover" from meeting another query's key.
  detail: (id: string) => [...checklistKeys.all, 'detail', id] as const,
  browse: ['checklists', 'browse'] as const,
  browseInfinite: (filters: BrowseFilters) => [...checklistKeys.browse, 'infinite', filters] as const,
  // A search's count, asked for apart when its first page came without it (decision 054).
  browseCount: (filters: BrowseFilters) => [...checklistKeys.browse, 'count', filters] as const,
  popularTags: ['checklists', 'browse', 'popular-tags'] as const,
  // Under 'checklists', so creating or editing a list elsewhere refreshes "My Lists" too.
  mine: ['checklists', 'mine'] as const,
  mineView: (view: { sort: OwnListSort; filter: OwnListFilter }) => [...checklistKeys.mine, view] as const,
  dashboard: (tab: DashboardListTab) => [...checklistKeys.all, 'dashboard', tab] as const,
  // Home's preview of a tab sits under the tab's key, so it refreshes with it.
  dashboardPreview: (tab: DashboardListTab, limit: number) =>
    [...checklistKeys.dashboard(tab), 'first', limit] as const,
  discover: ['checklists', 'discover'] as const,
  suggestions: ['checklists', 'suggestions'] as const,
  comments: (id: string) => [...checklistKeys.all, 'comments', id] as const,
  /** The signed-in user's own closed runs of a list (the History). */
  runs: (id: string) => [...checklistKeys.all, 'runs', id] as const,
  remixes: (id: string) => [...checklistKeys.all, 'remixes', id] as const,
  /** The author's versions of their list; under 'checklists', so saving the list refreshes them. */
  versions: (id: string) => [...checklistKeys.all, 'versions', id] as const,
  version: (id: string, number: number) => [...checklistKeys.versions(id), number] as const,
  /** The author's ideas from remixes of their list; under 'checklists', so saving the list refreshes them. */
  ideas: (id: string) => [...checklistKeys.all, 'ideas', id] as const,
  /** The mutation key of a list's completions and resets, so the last one to settle can be recognised. */
  progress: (id: string) => [...checklistKeys.all, id, 'progress'] as const,
  /** What the original of one's clone changed; under 'checklists', so saving the list reads it again. */
  upstream: (id: string) => [...checklistKeys.all, 'upstream', id] as const,
};

/**
 * The editor's item suggestions for the list as written so far: apart from 'checklists', so a saved
 * list does not ask for them again (nothing there changes them within a minute).
 */
export const itemSuggestionKeys = {
  all: ['item-suggestions'] as const,
  draft: (draft: { title: string; tags: string[]; items: string[] }) => [...itemSuggestionKeys.all, draft] as const,
};

export const libraryKeys = {
  all: ['library'] as const,
  groups: ['library', 'groups'] as const,
  /** The rest of a group's lists after the groups response's first ones. */
  groupMore: (group: { id: string; nextCursor: string | null }) =>
    [...libraryKeys.groups, group.id, 'more', group.nextCursor] as const,
  status: (checklistId: string) => ['library', 'checklists', checklistId] as const,
  membership: (checklistId: string) => [...libraryKeys.status(checklistId), 'membership'] as const,
};

export const meKeys = {
  me: ['me'] as const,
  stats: ['me', 'stats'] as const,
};

// Usernames are looked up case-insensitively, so /user/Sam and /user/sam share a cache.
export const profileKeys = {
  all: ['users'] as const,
  profile: (username: string) => ['users', username.toLowerCase()] as const,
  list: (username: string, kind: FollowListKind) => ['users', username.toLowerCase(), kind] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  lists: ['notifications', 'list'] as const,
  list: (limit: number) => [...notificationKeys.lists, limit] as const,
};

export const activityKeys = {
  all: ['dashboard', 'activity'] as const,
  recent: (limit: number) => [...activityKeys.all, limit] as const,
};

/** The people the signed-in user blocked (Settings' list). */
export const blockKeys = {
  all: ['blocks'] as const,
};

export const badgeKeys = {
  all: ['badges'] as const,
};

/** Who is signed in: the one cached response not dropped when the user changes. */
export const sessionKeys = { session: ['session'] as const };

/** The signed-in user's sessions, listed in Settings. */
export const sessionListKeys = { all: ['sessions'] as const };

/** The admins' screens: the audit log's pages and the people with a role. */
export const moderationAdminKeys = {
  audit: ['moderation', 'audit'] as const,
  roles: ['moderation', 'roles'] as const,
};

/** The moderators' queue: its open cases and the staff picks of its side tab. */
export const moderationKeys = {
  all: ['moderation'] as const,
  cases: ['moderation', 'cases'] as const,
  snapshot: (caseId: string) => ['moderation', 'snapshot', caseId] as const,
  staffPicks: ['moderation', 'staff-picks'] as const,
};
