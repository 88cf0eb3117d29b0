import { Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { useAuth } from '@/client/api/use-auth';
import { BrandMark } from '@/client/components/layout/brand-mark';
import { lazyPage } from '@/client/lib/lazy-page';
import { paths } from '@/domain/paths';
import { mainLinks, navLinkClass } from './header-links';
import { MobileMenu } from './mobile-menu';
import { OfflineStatus } from './offline-status';

// A signed-in user's bell and menu (with the live unread count) load only for a signed-in user:
// a visitor's first load does without their code.
const SignedInControls = lazyPage(() => import('./signed-in-controls'), 'SignedInControls');

// While the session is checked the spinner holds the place of the Sign In and Sign Up buttons, at
// their size, so the main links beside it do not move when the buttons appear (layout shift).
const signedOutBox = 'hidden h-10 min-w-[11.75rem] items-center justify-end gap-2 md:flex';

const accountSpinner = (
  <div className={signedOutBox}>
    <Spinner label="Loading your account" />
  </div>
);

export function SiteHeader() {
  const { isLoading, user, isProfileLoading } = useAuth();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90 print:hidden">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandMark />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {mainLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        {user ? (
          <Suspense
            fallback={
              <>
                {accountSpinner}
                <MobileMenu unread={0} />
              </>
            }
          >
            <SignedInControls />
          </Suspense>
        ) : (
          <>
            {isLoading || isProfileLoading ? (
              accountSpinner
            ) : (
              <div className={signedOutBox}>
                <Button asChild variant="ghost">
                  <Link to={paths.login()}>Sign In</Link>
                </Button>
                <Button asChild>
                  <Link to={paths.signUp()}>Sign Up</Link>
                </Button>
              </div>
            )}
            <MobileMenu unread={0} />
          </>
        )}
      </div>
      <OfflineStatus />
    </header>
  );
}
