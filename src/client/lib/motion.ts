import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * The delay of an `animate-enter` block (index.css), for staggered entrances:
 * `<li className={useEnterAnimation()} style={enterDelay(0.05 * index)}>`.
 */
export function enterDelay(seconds: number) {
  return { animationDelay: `${seconds}s` };
}

/**
 * The page the server drew (decision 025) is on screen from the first paint, so it does not fade
 * in: a fade would hide the content the HTML already holds for 0.45 s. Pages the app moves to do
 * (spec §9, "Page transitions are animated"), this one too when it is come back to.
 */
let drawnPathname: string | null = null;

/** Before hydrating a page the server drew (main.tsx). */
export function startOnDrawnPage(pathname: string) {
  drawnPathname = pathname;
}

/**
 * The entrance class of a page or a block of one (`motion-safe:animate-enter`, index.css), or none
 * on the page the server drew, on the server and in the browser alike, so hydration matches.
 */
export function useEnterAnimation(): string {
  const { pathname } = useLocation();
  const isDrawnPage = typeof document === 'undefined' || pathname === drawnPathname;
  useEffect(() => {
    if (pathname !== drawnPathname) drawnPathname = null;
  }, [pathname]);
  return isDrawnPage ? '' : 'motion-safe:animate-enter';
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the user asks for less motion (the OS setting), kept up to date. */
export function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}
