import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { greetingName } from '@/domain/accounts/profile';
import { Button } from '@/client/components/ui/button';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/client/components/ui/dropdown-menu';
import { AccountMenu } from '@/client/components/layout/account-menu';
import { Spinner } from '@/client/components/ui/spinner';
import { useAuth } from '@/client/api/use-auth';
import { NotificationBell } from '@/client/features/notifications/notification-bell';
import { UnreadPill } from '@/client/features/notifications/unread-pill';
import { useLiveUnreadCount } from '@/client/api/notifications';
import { accountLinksFor } from './header-links';
import { MobileMenu } from './mobile-menu';

/** The signed-in header's bell, user menu and mobile menu, on one live unread count. */
export function SignedInControls() {
  const { user, profile, isProfileLoading, signOut } = useAuth();
  const greeting = `Hi, ${greetingName(profile?.profileName)}!`;
  // One live stream for the header, shared by the desktop and the mobile bell and the menus.
  const unread = useLiveUnreadCount(user !== null);

  return (
    <>
      <div className="hidden items-center gap-2 md:flex">
        {isProfileLoading ? (
          <Spinner label="Loading your account" />
        ) : (
          <>
            <NotificationBell unread={unread} />
            <AccountMenu
              trigger={
                <Button variant="secondary" className="gap-1.5">
                  <span aria-hidden>{profile?.avatarUrl ?? '👤'}</span>
                  {greeting}
                  <ChevronDown className="h-4 w-4" aria-hidden />
                </Button>
              }
              label={greeting}
              className="min-w-52"
              signOutLabel="Sign Out"
              onSignOut={() => void signOut()}
            >
              {accountLinksFor(profile?.role).map((link) => (
                <DropdownMenuItem key={link.to} asChild>
                  <Link to={link.to} className="justify-between">
                    {link.label}
                    {link.hasUnreadBadge ? <UnreadPill count={unread} /> : null}
                  </Link>
                </DropdownMenuItem>
              ))}
              <DropdownMenuSeparator />
            </AccountMenu>
          </>
        )}
      </div>
      <div className="ml-auto md:hidden">
        <NotificationBell unread={unread} />
      </div>
      <MobileMenu unread={unread} />
    </>
  );
}
