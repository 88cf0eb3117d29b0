import { z } from 'zod';

/** One of the user's signed-in devices, as the Sessions section in Settings lists it. */
export const activeSessionSchema = z.object({
  id: z.string(),
  /** The browser and system in plain words ("Chrome on Linux"). */
  device: z.string(),
  lastSeenAt: z.string(),
  /** The address it was last seen from, when known. */
  ipAddress: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionsSchema = z.object({ sessions: z.array(activeSessionSchema) });

export const revokedSessionsSchema = z.object({ message: z.string(), revoked: z.number().int() });

export const sessionMessages = {
  revoked: (count: number) =>
    count === 0
      ? 'No other device was signed in.'
      : `Signed out of ${count} other ${count === 1 ? 'device' : 'devices'}.`,
} as const;

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

/** A user agent in plain words: "Chrome on Linux", "Safari on iPhone", or "Unknown device". */
export function describeDevice(userAgent: string | null | undefined): string {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
