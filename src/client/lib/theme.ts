import { useEffect, useSyncExternalStore } from 'react';
import type { Theme } from '@/domain/accounts/profile';
import { parseTheme, resolveTheme, THEME_STORAGE_KEY } from '@/domain/accounts/theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readStoredTheme(): Theme {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

/**
 * Paints the resolved theme in one step: transitions are off while the class changes, or each
 * element with `transition-colors` would fade on its own for a moment after the background has
 * switched (light text on a dark page, which is also what a contrast check could catch).
 */
function paint(theme: Theme) {
  const resolved = resolveTheme(theme, window.matchMedia(DARK_QUERY).matches);
  const root = document.documentElement;
  if (root.classList.contains('dark') === (resolved === 'dark') && root.style.colorScheme === resolved) return;
  const still = document.createElement('style');
  still.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.appendChild(still);
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
  // Reading the layout makes the browser apply the new colours now, while transitions are still off.
  void document.body?.offsetHeight;
  still.remove();
}

/** Chooses the theme for this browser: stored (so the next load paints it at once) and applied. */
export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Without storage the choice still applies to this page.
  }
  paint(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, readStoredTheme, () => 'system' as const);
}

/**
 * Keeps the page in the chosen theme: the signed-in user's saved one wins over this browser's,
 * and "system" follows the device as it changes (e.g. at sunset).
 */
export function useApplyTheme(savedTheme: Theme | null) {
  const theme = useTheme();
  useEffect(() => {
    if (savedTheme && savedTheme !== readStoredTheme()) setTheme(savedTheme);
  }, [savedTheme]);
  useEffect(() => {
    paint(theme);
    if (theme !== 'system') return;
    const media = window.matchMedia(DARK_QUERY);
    const onChange = () => paint('system');
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [theme]);
  return resolveTheme(theme, typeof window !== 'undefined' && window.matchMedia(DARK_QUERY).matches);
}
