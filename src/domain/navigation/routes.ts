// Pure navigation rules shared by the router and its tests.

export const ME_TABS = ['account', 'my-lists', 'created-lists', 'activity', 'settings'] as const;
export type MeTab = (typeof ME_TABS)[number];

/** The default /me tab is account, and any other value falls back to it. */
export function resolveMeTab(value: string | null | undefined): MeTab {
  return (ME_TABS as readonly string[]).includes(value ?? '') ? (value as MeTab) : 'account';
}

/** Only same-site paths are followed after sign-in, so a crafted link cannot send users elsewhere. */
export function safeRedirectTarget(value: string | null | undefined, fallback = '/browse'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
