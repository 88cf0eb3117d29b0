import { useSyncExternalStore } from 'react';

/**
 * The delay of an `animate-enter` block (index.css), for staggered entrances:
 * `<li className="motion-safe:animate-enter" style={enterDelay(0.05 * index)}>`.
 */
export function enterDelay(seconds: number) {
  return { animationDelay: `${seconds}s` };
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
