import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { browseMessages } from '@/domain/checklists/browse';
import { LoadingState } from '@/client/components/ui/load-states';
import { FullPageSpinner } from '@/client/components/ui/spinner';
import { useAuth } from '@/client/api/use-auth';
import { useSendQueuedChanges } from '@/client/api/use-send-queued-changes';
import { useResetCachesOnUserChange } from '@/client/features/accounts/use-reset-caches-on-sign-in';
import { useOfflineDataOwner } from '@/client/features/accounts/use-offline-data-owner';
import { cn } from '@/client/lib/cn';
import { useIsHydrated } from '@/client/lib/hydration';
import { useEnterAnimation } from '@/client/lib/motion';
import { takeFlash } from '@/client/lib/flash';
import { toast, whenToastAsked } from '@/client/lib/toast';
import { loadAfterFirstLoad } from '@/client/lib/pwa/idle';
import { useApplyTheme } from '@/client/lib/theme';
import { useDropServerHeadOnNavigation } from '@/client/lib/document-head';
import { ScrollToTop } from '@/client/components/layout/scroll-to-top';
import { SiteFooter } from '@/client/components/layout/site-footer';
import { SiteHeader } from './site-header';

const importToasterOnce = () => import('@/client/components/ui/toaster');

/** The toaster's code; a load that fails (the connection went) waits for the browser to be online and tries again. */
function importToaster(): ReturnType<typeof importToasterOnce> {
  return importToasterOnce().catch(
    () => new Promise((resolve) => window.addEventListener('online', () => resolve(importToaster()), { once: true })),
  );
}

const AppToaster = lazy(async () => ({ default: (await importToaster()).AppToaster }));

/** What every screen shares, the site's and the dashboard's: theme, caches per user, toasts, scrolling. */
export function AppFrame() {
  const location = useLocation();
  useResetCachesOnUserChange();
  useOfflineDataOwner();
  useSendQueuedChanges();
  const { profile } = useAuth();
  const theme = useApplyTheme(profile?.theme ?? null);
  useDropServerHeadOnNavigation();
  const isHydrated = useIsHydrated();
  const isToasterWanted = useIsToasterWanted();
  // The page is the app's now, rendered by it or taken over from the server's HTML (decision 025): a
  // click or a keystroke before this moment is the browser's alone. Said on <html> for whoever
  // needs to wait for it (the end-to-end tests do, before they use a page they have just loaded).
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);

  // A new page starts at its top. Not the first one: a page the server drew may have been scrolled
  // before the app took it over (decision 025), and a reload keeps the browser's own position.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    window.scrollTo({ top: 0 });
  }, [location.pathname]);

  // After a reload that a flash asked for (the toast waits for the toaster below).
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast.success(flash);
  }, []);

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-4 focus:left-4"
      >
        Skip to content
      </a>
      {/* The dashboard's shell is a lazily loaded chunk of its own (router.tsx); the site's frame is not. */}
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
      <ScrollToTop />
      {/* Not in a server-rendered page's HTML: the toaster's code arrives after hydration. */}
      {isHydrated && isToasterWanted ? (
        <Suspense fallback={null}>
          <AppToaster theme={theme} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Whether the toaster is on the page: its code is in. It loads after the page's first load, or with
 * the first toast if that comes sooner (lib/toast.ts): a visitor who only reads fetches none of it
 * with the page.
 */
function useIsToasterWanted() {
  const [isWanted, setWanted] = useState(false);
  useEffect(() => {
    let isMounted = true;
    void loadAfterFirstLoad(importToaster, whenToastAsked()).then(() => {
      if (isMounted) setWanted(true);
    });
    return () => {
      isMounted = false;
    };
  }, []);
  return isWanted;
}

/**
 * The page's main region. Each page fades in as it mounts (CSS, `animate-enter`), but the one the
 * server drew, which is there from the first paint (lib/motion.ts); the old page
 * leaves at once (an exit animation would keep two pages, and two forms, on screen at the same time).
 *
 * Each screen is a lazily loaded chunk (router.tsx). The first time one renders it suspends, and
 * the frame around stays while the main region shows the screen's loading state: the boundary is
 * inside the keyed <main>, so a navigation mounts a new one and never leaves the old page up.
 */
export function AnimatedMain({ className }: { className?: string }) {
  const location = useLocation();
  const enter = useEnterAnimation();
  return (
    <main id="main" tabIndex={-1} key={location.pathname} className={cn('flex-1', enter, className)}>
      <Suspense fallback={<LoadingState label={loadingLabel(location.pathname)} />}>
        <Outlet />
      </Suspense>
    </main>
  );
}

/** The loading words of the screens that have their own (Browse, a checklist), else a plain "Loading...". */
function loadingLabel(pathname: string) {
  if (pathname === '/browse') return browseMessages.loading;
  if (/^\/(checklist|dashboard\/(lists|discover))\/[^/]+$/.test(pathname)) return 'Loading checklist...';
  return 'Loading...';
}

/**
 * The public site's frame: header, page, footer. The main region is at least as tall
 * as the screen below the header (h-16 and its border), so the footer starts below the fold: a
 * page's chunk, then its data, grow the main region after the first paint, and a footer in view
 * would be pushed down each time, a layout shift that Lighthouse counts against the page.
 */
export function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <AnimatedMain className="min-h-[calc(100dvh-4rem-1px)]" />
      <SiteFooter />
    </div>
  );
}
