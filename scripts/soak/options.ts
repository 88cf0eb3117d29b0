// The soak's command line (`--minutes 10 --rate 30 --streams 200`) and the pace and limits it
// keeps to, so that its load stays the pace of people under the product's quotas.

const flag = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? fallback : Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
export const minutes = flag('minutes', 10);
export const rate = flag('rate', 30);
export const streamCount = Math.round(flag('streams', 200));

// Sign-ins are limited per client address and per account (security/rate-limit.ts); each user has
// an address of its own (X-Forwarded-For through the trusted loopback proxy), and 50 sign-ins at the
// start and one every 15 s keep the pace of people.
export const FIRST_SIGN_INS = 50; // at 4 tabs each, enough for 200 streams from the start
export const SIGN_IN_EVERY_MS = 15_000;
export const USER_COUNT = 150;
export const LISTS_PER_FIRST_USER = 3;
// Per-user write quotas (decision 017: 30 new lists and 120 comments a day): stay under them.
export const MAX_CREATES_PER_USER = 25;
export const MAX_COMMENTS_PER_USER = 100;
export const REQUEST_TIMEOUT_MS = 30_000;
/** Past this many requests in flight the soak skips a beat rather than pile up (and says so). */
export const MAX_IN_FLIGHT = 300;
export const OUTAGE_MS = 5_000;
/** After the database is back, requests still find dead pooled connections for a moment. */
export const RECOVERY_GRACE_MS = 15_000;
export const STOP_TIMEOUT_MS = 20_000;
/** Memory is judged from the end of this minute of load (JIT, pools and caches warmed) to the end. */
export const WARM_UP_MINUTES = 2;
/** The memory bar: RSS flat within 10 % after warm-up. */
export const MEMORY_GROWTH_LIMIT = 0.1;
