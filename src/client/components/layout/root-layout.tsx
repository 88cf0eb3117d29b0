import { motion, useReducedMotion } from 'motion/react';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { useAuth } from '@/client/features/accounts/use-auth';
import { useResetCachesOnUserChange } from '@/client/features/accounts/use-reset-caches-on-sign-in';
import { useApplyTheme } from '@/client/lib/theme';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// Spec §9: toasts last 2000 ms; the layout animation default is 0.45 s.
const TOAST_MS = 2000;
const PAGE_TRANSITION_S = 0.45;

export function RootLayout() {
  const location = useLocation();
  const reduceMotion = useReducedMotion();
  useResetCachesOnUserChange();
  const { profile } = useAuth();
  const theme = useApplyTheme(profile?.theme ?? null);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [location.pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* Each page fades in as it mounts. The old page leaves at once: an exit animation would keep
          two pages (and two forms) on screen at the same time. */}
      <motion.main
        id="main"
        key={location.pathname}
        className="flex-1"
        initial={reduceMotion ? false : { opacity: 0, y: 8 }}
        animate={{ opacity: 1, y: 0 }}
        transition={{ duration: PAGE_TRANSITION_S, ease: 'easeOut' }}
      >
        <Outlet />
      </motion.main>
      <SiteFooter />
      <ScrollToTop />
      <Toaster richColors position="top-center" duration={TOAST_MS} closeButton theme={theme} />
    </div>
  );
}
