import {
  Award,
  Bell,
  Compass,
  FolderHeart,
  House,
  ListChecks,
  PlusCircle,
  Search,
  Settings,
  ShieldCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { greetingName } from '@/domain/accounts/profile';
import { canModerate } from '@/domain/moderation/roles';
import { BrandMark } from '@/client/components/layout/brand-mark';
import { AnimatedMain } from '@/client/pages/layout/root-layout';
import { OfflineStatus } from '@/client/pages/layout/offline-status';
import { Avatar } from '@/client/components/ui/avatar';
import { Button } from '@/client/components/ui/button';
import { DropdownMenuItem } from '@/client/components/ui/dropdown-menu';
import { AccountMenu } from '@/client/components/layout/account-menu';
import { Input } from '@/client/components/ui/input';
import { useAuth } from '@/client/api/use-auth';
import { NotificationBell } from '@/client/features/notifications/notification-bell';
import { useLiveUnreadCount } from '@/client/api/notifications';
import { UnreadPill } from '@/client/features/notifications/unread-pill';
import { cn } from '@/client/lib/cn';
import { paths } from '@/domain/paths';

type MenuEntry = { to: string; label: string; icon: LucideIcon; end?: boolean };

// The side menu on wide screens, and the bottom bar's five on small ones.
const sideMenu: MenuEntry[] = [
  { to: paths.dashboard.home(), label: 'Home', icon: House, end: true },
  { to: paths.dashboard.create(), label: 'Create', icon: PlusCircle },
  { to: paths.dashboard.discover(), label: 'Discover', icon: Compass },
  { to: paths.dashboard.lists(), label: 'My Lists', icon: ListChecks },
  { to: paths.dashboard.collections(), label: 'Collections', icon: FolderHeart },
  { to: paths.dashboard.badges(), label: 'Badges', icon: Award },
  { to: paths.dashboard.profile(), label: 'Profile', icon: UserRound },
  { to: paths.dashboard.activity(), label: 'Activity', icon: Bell },
  { to: paths.dashboard.settings(), label: 'Settings', icon: Settings },
];
const bottomBar = sideMenu.filter((entry) =>
  ['Home', 'Discover', 'My Lists', 'Profile', 'Settings'].includes(entry.label),
);

/** The /dashboard shell. */
export function DashboardLayout() {
  const { profile } = useAuth();
  const unread = useLiveUnreadCount(true);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
          <BrandMark to={paths.dashboard.home()} />
          <DashboardSearch />
          <div className="ml-auto flex items-center gap-1">
            {/* On a phone the search box gives way to a link to Browse, where searching happens. */}
            <Button asChild variant="ghost" size="icon" className="sm:hidden">
              <Link to={paths.browse()} aria-label="Search checklists">
                <Search className="h-5 w-5" aria-hidden />
              </Link>
            </Button>
            <NotificationBell unread={unread} />
            <AvatarMenu avatar={profile?.avatarUrl ?? null} name={greetingName(profile?.profileName)} />
          </div>
        </div>
        <OfflineStatus />
      </header>
      <div className="flex flex-1">
        <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-950">
          <nav aria-label="Dashboard" className="sticky top-16 flex flex-col gap-1 p-3">
            {sideMenu.map((entry) => (
              <MenuLink key={entry.to} entry={entry} unread={unread} />
            ))}
          </nav>
        </aside>
        {/* Room at the bottom for the phone's bottom bar. */}
        <AnimatedMain className="min-w-0 pb-24 md:pb-0" />
      </div>
      <nav
        aria-label="Dashboard shortcuts"
        className="fixed inset-x-0 bottom-0 z-40 grid grid-cols-5 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden dark:border-slate-800 dark:bg-slate-950/95"
      >
        {bottomBar.map(({ to, label, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            className={({ isActive }) =>
              cn(
                'flex flex-col items-center gap-1 py-2.5 text-xs font-medium',
                isActive ? 'text-brand-600 dark:text-brand-200' : 'text-slate-500 dark:text-slate-400',
              )
            }
          >
            <Icon className="h-5 w-5" aria-hidden />
            {label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

function MenuLink({ entry: { to, label, icon: Icon, end }, unread }: { entry: MenuEntry; unread: number }) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          isActive && 'bg-brand-50 text-brand-700 hover:bg-brand-50 dark:bg-slate-800 dark:text-white',
        )
      }
    >
      <Icon className="h-4 w-4" aria-hidden />
      <span className="flex-1">{label}</span>
      {label === 'Activity' ? <UnreadPill count={unread} /> : null}
    </NavLink>
  );
}

/** The dashboard's search box: Enter opens Browse with the words. */
function DashboardSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = query.trim();
    void navigate(paths.browse({ q: words }));
  };
  return (
    <form role="search" onSubmit={submit} className="relative hidden max-w-md flex-1 sm:block">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <Input
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search checklists..."
        aria-label="Search checklists"
        className="h-10 pl-9"
      />
    </form>
  );
}

function AvatarMenu({ avatar, name }: { avatar: string | null; name: string }) {
  const { signOut, profile } = useAuth();
  const navigate = useNavigate();
  return (
    <AccountMenu
      trigger={
        <button
          type="button"
          className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          aria-label={`Account menu for ${name}`}
        >
          <Avatar emoji={avatar} size="sm" className="h-9 w-9" />
        </button>
      }
      label={name}
      signOutLabel="Logout"
      onSignOut={() => void signOut()}
    >
      <DropdownMenuItem onSelect={() => void navigate(paths.dashboard.profile())}>
        <UserRound className="h-4 w-4" aria-hidden /> Profile
      </DropdownMenuItem>
      {canModerate(profile?.role) ? (
        <DropdownMenuItem onSelect={() => void navigate(paths.moderation())}>
          <ShieldCheck className="h-4 w-4" aria-hidden /> Moderation
        </DropdownMenuItem>
      ) : null}
    </AccountMenu>
  );
}
