import { motion, useReducedMotion } from 'motion/react';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { toast, Toaster } from 'sonner';
import { useAuth } from '@/client/lib/use-auth';
import { useResetCachesOnUserChange } from '@/client/features/accounts/use-reset-caches-on-sign-in';
import { cn } from '@/client/lib/cn';
import { takeFlash } from '@/client/lib/flash';
import { useApplyTheme } from '@/client/lib/theme';
import { ScrollToTop } from '@/client/components/layout/scroll-to-top';
import { SiteFooter } from '@/client/components/layout/site-footer';
import { SiteHeader } from './site-header';

// Spec §9: toasts last 2000 ms; the layout animation default is 0.45 s.
const TOAST_MS = 2000;
const PAGE_TRANSITION_S = 0.45;

/** What every screen shares, the site's and the dashboard's: theme, caches per user, toasts, scrolling. */
export function AppFrame() {
  const location = useLocation();
  useResetCachesOnUserChange();
  const { profile } = useAuth();
  const theme = useApplyTheme(profile?.theme ?? null);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [location.pathname]);

  // After a reload that a flash asked for (the Toaster below has subscribed by now: children's effects run first).
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
      <Outlet />
      <ScrollToTop />
      <Toaster richColors position="top-center" duration={TOAST_MS} closeButton theme={theme} />
    </>
  );
}

/**
 * The page's main region. Each page fades in as it mounts; the old page leaves at once (an exit
 * animation would keep two pages, and two forms, on screen at the same time).
 */
export function AnimatedMain({ className }: { className?: string }) {
  const location = useLocation();
  const reduceMotion = useReducedMotion();
  return (
    <motion.main
      id="main"
      tabIndex={-1}
      key={location.pathname}
      className={cn('flex-1', className)}
      initial={reduceMotion ? false : { opacity: 0, y: 8 }}
      animate={{ opacity: 1, y: 0 }}
      transition={{ duration: PAGE_TRANSITION_S, ease: 'easeOut' }}
    >
      <Outlet />
    </motion.main>
  );
}

/** The public site's frame: header, page, footer (spec §2.2). */
export function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <AnimatedMain />
      <SiteFooter />
    </div>
  );
}
