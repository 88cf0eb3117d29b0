import { ChevronDown, LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { greetingName } from '@/domain/accounts/profile';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogTrigger, SheetPanel } from '@/client/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { Spinner } from '@/client/components/ui/spinner';
import { useAuth } from '@/client/lib/use-auth';
import { NotificationBell } from '@/client/features/notifications/notification-bell';
import { UnreadPill } from '@/client/features/notifications/unread-pill';
import { useLiveUnreadCount } from '@/client/api/notifications';
import { cn } from '@/client/lib/cn';
import { BrandMark } from '@/client/components/layout/brand-mark';
import { paths } from '@/client/lib/paths';

const mainLinks = [
  { to: paths.home(), label: 'Home' },
  { to: paths.browse(), label: 'Browse' },
  { to: paths.about(), label: 'About' },
];

// Spec §2.2: the user menu links to /me with the matching tab; Activity carries the unread badge.
export const accountLinks = [
  { to: paths.me('account'), label: 'Account', hasUnreadBadge: false },
  { to: paths.me('my-lists'), label: 'List Library', hasUnreadBadge: false },
  { to: paths.me('created-lists'), label: 'My Lists', hasUnreadBadge: false },
  { to: paths.me('settings'), label: 'Settings', hasUnreadBadge: false },
  { to: paths.me('activity'), label: 'Activity', hasUnreadBadge: true },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800',
  );

export function SiteHeader() {
  const { isLoading, user, profile, isProfileLoading, signOut } = useAuth();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const greeting = `Hi, ${greetingName(profile?.profileName)}!`;
  // One live stream for the header, shared by the desktop and the mobile bell.
  const unread = useLiveUnreadCount(user !== null);

  const handleSignOut = async () => {
    setMenuOpen(false);
    await signOut();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandMark />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {mainLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          {isLoading || isProfileLoading ? (
            <Spinner label="Loading your account" />
          ) : user ? (
            <>
              <NotificationBell unread={unread} />
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="secondary" className="gap-1.5">
                    <span aria-hidden>{profile?.avatarUrl ?? '👤'}</span>
                    {greeting}
                    <ChevronDown className="h-4 w-4" aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent className="min-w-52">
                  <DropdownMenuLabel>{greeting}</DropdownMenuLabel>
                  <DropdownMenuSeparator />
                  {accountLinks.map((link) => (
                    <DropdownMenuItem key={link.to} asChild>
                      <Link to={link.to} className="justify-between">
                        {link.label}
                        {link.hasUnreadBadge ? <UnreadPill count={unread} /> : null}
                      </Link>
                    </DropdownMenuItem>
                  ))}
                  <DropdownMenuSeparator />
                  <DropdownMenuItem tone="danger" onSelect={() => void handleSignOut()}>
                    <LogOut className="h-4 w-4" aria-hidden /> Sign Out
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </>
          ) : (
            <>
              <Button asChild variant="ghost">
                <Link to={paths.login()}>Sign In</Link>
              </Button>
              <Button asChild>
                <Link to={paths.signUp()}>Sign Up</Link>
              </Button>
            </>
          )}
        </div>

        {user ? (
          <div className="ml-auto md:hidden">
            <NotificationBell unread={unread} />
          </div>
        ) : null}
        <Dialog open={isMenuOpen} onOpenChange={setMenuOpen}>
          <DialogTrigger asChild>
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
              <Menu className="h-6 w-6" aria-hidden />
            </Button>
          </DialogTrigger>
          <SheetPanel title="Menu" description="Site navigation" closeLabel="Close menu">
            <nav aria-label="Mobile" className="flex flex-col gap-1">
              {mainLinks.map((link) => (
                <NavLink key={link.to} to={link.to} end className={navLinkClass} onClick={() => setMenuOpen(false)}>
                  {link.label}
                </NavLink>
              ))}
            </nav>
            {isLoading || isProfileLoading ? (
              <div className="flex justify-center border-t border-slate-200 pt-4 dark:border-slate-700">
                <Spinner label="Loading your account" />
              </div>
            ) : user ? (
              <div className="flex flex-col gap-1 border-t border-slate-200 pt-4 dark:border-slate-700">
                <p className="px-3 pb-2 text-sm text-slate-500 dark:text-slate-400">
                  Logged in as{' '}
                  <span className="font-semibold text-slate-900 dark:text-white">
                    {profile ? `@${profile.username}` : user.email}
                  </span>
                </p>
                {accountLinks.map((link) => (
                  <Link
                    key={link.to}
                    to={link.to}
                    className={cn(navLinkClass({ isActive: false }), 'flex items-center justify-between gap-2')}
                    onClick={() => setMenuOpen(false)}
                  >
                    {link.label}
                    {link.hasUnreadBadge ? <UnreadPill count={unread} /> : null}
                  </Link>
                ))}
                <Button variant="secondary" className="mt-3" onClick={() => void handleSignOut()}>
                  <LogOut className="h-4 w-4" aria-hidden /> Sign Out
                </Button>
              </div>
            ) : (
              <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
                <Button asChild variant="secondary">
                  <Link to={paths.login()} onClick={() => setMenuOpen(false)}>
                    Sign In
                  </Link>
                </Button>
                <Button asChild>
                  <Link to={paths.signUp()} onClick={() => setMenuOpen(false)}>
                    Sign Up
                  </Link>
                </Button>
              </div>
            )}
          </SheetPanel>
        </Dialog>
      </div>
    </header>
  );
}
