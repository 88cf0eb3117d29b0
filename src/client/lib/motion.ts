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
 * The page the server rendered (decision 025) is on screen from the first paint, so it does not
 * fade in: a fade would hide the content the HTML already holds for 0.45 s. Pages the app moves to
 * do (page transitions are animated), this one too when it is come back to.
 */
let serverRenderedPathname: string | null = null;

/** Before hydrating a page the server rendered (main.tsx). */
export function startOnServerRenderedPage(pathname: string) {
  serverRenderedPathname = pathname;
}

/**
 * The entrance class of a page or a block of one (`motion-safe:animate-enter`, index.css), or none
 * on the page the server rendered, on the server and in the browser alike, so hydration matches.
 */
export function useEnterAnimation(): string {
  const { pathname } = useLocation();
  const isServerRenderedPage = typeof document === 'undefined' || pathname === serverRenderedPathname;
  useEffect(() => {
    if (pathname !== serverRenderedPathname) serverRenderedPathname = null;
  }, [pathname]);
  return isServerRenderedPage ? '' : 'motion-safe:animate-enter';
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the user asks for less motion (the OS setting), updated when it changes. */
export function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}
