/**
 * A count the English way ("1,234"), whatever the browser's language: the words around it are
 * English, and the server writes the same digits into a page's HTML as the browser then renders.
 */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** What the server writes (it knows neither the reader's zone nor language) and the browser first hydrates. */
const serverDateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const numericDay = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
const dateFormat = new Intl.DateTimeFormat(undefined, numericDay);
const serverDateFormat = new Intl.DateTimeFormat('en-US', { ...numericDay, timeZone: 'UTC' });

function formatWith(format: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

/**
 * A comment's time in the reader's locale and zone; an unreadable value is shown as it came.
 * `isHydrated` false (server rendering, hydration): in UTC, in English (decision 025).
 */
export function formatDateTime(iso: string, isHydrated = true): string {
  return formatWith(isHydrated ? dateTimeFormat : serverDateTimeFormat, iso);
}

/** A day in the reader's locale and zone; before hydration in UTC, in English, as formatDateTime. */
export function formatDate(iso: string, isHydrated = true): string {
  return formatWith(isHydrated ? dateFormat : serverDateFormat, iso);
}
