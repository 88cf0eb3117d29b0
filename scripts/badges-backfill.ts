// `npm run badges:backfill`: grants every badge that any user has earned by the current state of
// the configured database (DATABASE_URL, or the embedded one in DATA_DIR), and says how many. Safe to
// run again: a badge already granted is not granted twice (decision 011).
import { backfillBadges, upsertBadgeDefinitions } from '../src/server/badges/badges.actions';
import { openDatabase } from '../src/server/open-database';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { notifyingAfterCommit } from '../src/server/notifications/notify-after-commit';

const env = loadEnv();
const logger = createLogger(env);
const database = await openDatabase(env, logger);
try {
  await upsertBadgeDefinitions(database.db);
  // Users with a live stream open are notified of their new badges once the grants have committed.
  const granted = await notifyingAfterCommit(
    database.db,
    () => backfillBadges(database.db),
    (error) => logger.warn({ err: error }, 'could not notify the new badges'),
  );
  console.log(`Badges back-filled: ${granted.length} granted.`);
} finally {
  await database.close();
}
