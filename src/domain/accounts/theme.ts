import { THEMES, type Theme } from './profile';

/** Where the browser keeps the chosen theme, read before the first paint (public/theme.js). */
export const THEME_STORAGE_KEY = 'ticklist-theme';

export function parseTheme(value: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : 'system';
}

/** "system" follows the device's colour-scheme preference. */
export function resolveTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;
}
