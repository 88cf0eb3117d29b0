import { canModerate, type Role } from '@/domain/moderation/roles';
import { paths } from '@/domain/paths';
import { cn } from '@/client/lib/cn';

export const mainLinks = [
  { to: paths.home(), label: 'Home' },
  { to: paths.browse(), label: 'Browse' },
  { to: paths.about(), label: 'About' },
];

// The user menu links to /me with the matching tab; Activity carries the unread badge.
export const accountLinks = [
  { to: paths.me('account'), label: 'Account', hasUnreadBadge: false },
  { to: paths.me('my-lists'), label: 'List Library', hasUnreadBadge: false },
  { to: paths.me('created-lists'), label: 'My Lists', hasUnreadBadge: false },
  { to: paths.me('settings'), label: 'Settings', hasUnreadBadge: false },
  { to: paths.me('activity'), label: 'Activity', hasUnreadBadge: true },
];

/** The user menu's links for someone of `role`: moderators and admins also get the queue. */
export const accountLinksFor = (role: Role | undefined) =>
  canModerate(role)
    ? [...accountLinks, { to: paths.moderation(), label: 'Moderation', hasUnreadBadge: false }]
    : accountLinks;

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800',
  );
