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

function paint(theme: Theme) {
  const resolved = resolveTheme(theme, window.matchMedia(DARK_QUERY).matches);
  document.documentElement.classList.toggle('dark', resolved === 'dark');
  document.documentElement.style.colorScheme = resolved;
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
