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

const suspensionDateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** When a suspension ends, as people read it: "29 November 2026 at 12:00 UTC". */
export function formatSuspensionEnd(until: Date | string): string {
  return `${suspensionDateFormat.format(new Date(until))} UTC`;
}

/**
 * The sign-in's refusal of a suspended account. It is given only to someone who knew the
 * password, so it reveals nothing to anyone else.
 */
export function suspendedSignInMessage(until: Date | string | null): string {
  return until === null
    ? 'This account is suspended.'
    : `This account is suspended until ${formatSuspensionEnd(until)}.`;
}

/** The lines of the e-mail a suspended user is sent. */
export function suspensionMailLines(until: Date | string | null, reason: string): string[] {
  return [
    until === null
      ? 'Your Ticklist account has been suspended by the moderators.'
      : `Your Ticklist account has been suspended by the moderators until ${formatSuspensionEnd(until)}.`,
    `The reason: ${reason}`,
    'While it is suspended you cannot sign in, and your lists, comments and profile are hidden from everyone else.',
    until === null
      ? 'This suspension does not end.'
      : 'Everything comes back when the suspension ends; you can then sign in again.',
  ];
}

export const SUSPENSION_MAIL_SUBJECT = 'Your Ticklist account is suspended';
