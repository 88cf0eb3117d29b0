/** The themes a user can choose (the profile's `theme`). Here, not in profile.ts, so the code that
 * applies the theme on every page does not load the profile's schemas. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** Where the browser keeps the chosen theme, read before the first paint (public/theme.js). */
export const THEME_STORAGE_KEY = 'ticklist-theme';

export function parseTheme(value: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : 'system';
}

/** "system" follows the device's colour-scheme preference. */
export function resolveTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;
}
