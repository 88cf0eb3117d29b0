import { LogOut } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Dialog, SheetPanel } from '@/client/components/ui/dialog';
import { Spinner } from '@/client/components/ui/spinner';
import { useAuth } from '@/client/api/use-auth';
import { UnreadPill } from '@/client/features/notifications/unread-pill';
import { cn } from '@/client/lib/cn';
import { paths } from '@/domain/paths';
import { accountLinksFor, mainLinks, navLinkClass } from './header-links';

/** The slide-in menu of small screens: the same links, "Logged in as", and Sign Out. */
export function MobileMenuSheet({
  isOpen,
  onOpenChange,
  unread,
  onCloseFocus,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  unread: number;
  onCloseFocus: () => void;
}) {
  const { isLoading, user, profile, isProfileLoading, signOut } = useAuth();
  const close = () => onOpenChange(false);

  const handleSignOut = async () => {
    close();
    await signOut();
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <SheetPanel
        title="Menu"
        description="Site navigation"
        closeLabel="Close menu"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onCloseFocus();
        }}
      >
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {mainLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navLinkClass} onClick={close}>
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
            {accountLinksFor(profile?.role).map((link) => (
              <Link
                key={link.to}
                to={link.to}
                className={cn(navLinkClass({ isActive: false }), 'flex items-center justify-between gap-2')}
                onClick={close}
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
              <Link to={paths.login()} onClick={close}>
                Sign In
              </Link>
            </Button>
            <Button asChild>
              <Link to={paths.signUp()} onClick={close}>
                Sign Up
              </Link>
            </Button>
          </div>
        )}
      </SheetPanel>
    </Dialog>
  );
}
