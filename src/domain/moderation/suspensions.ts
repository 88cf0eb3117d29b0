// Suspending an account (decision 048): for a day, a week, a month or for good. While suspended a
// user cannot sign in, their sessions are ended, and their public lists, comments and profile are
// hidden from everyone else; they come back when the suspension ends.

export const SUSPENSION_LENGTHS = ['1d', '7d', '30d', 'permanent'] as const;
export type SuspensionLength = (typeof SUSPENSION_LENGTHS)[number];

export const suspensionLengthLabels: Record<SuspensionLength, string> = {
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  permanent: 'Permanent',
};

const DAY_MS = 24 * 60 * 60 * 1000;
const lengthDays: Record<Exclude<SuspensionLength, 'permanent'>, number> = { '1d': 1, '7d': 7, '30d': 30 };

/** When a suspension of `length` starting at `from` ends; null for a permanent one. */
export function suspensionEnd(length: SuspensionLength, from: Date): Date | null {
  return length === 'permanent' ? null : new Date(from.getTime() + lengthDays[length] * DAY_MS);
}
