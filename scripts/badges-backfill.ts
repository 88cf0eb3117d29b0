// `npm run badges:backfill`: grants every badge that any user has earned by the current state of
// the configured database (DATABASE_URL, or the embedded one in DATA_DIR), and says how many. Safe to
// run again: a badge already granted is not granted twice (decision 011).
import { backfillBadges, upsertBadgeDefinitions } from '../src/server/badges/badges.actions';
import { openDatabase } from '../src/server/db/open';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';

const env = loadEnv();
const logger = createLogger(env);
const database = await openDatabase(env, logger);
try {
  await upsertBadgeDefinitions(database.db);
  const granted = await backfillBadges(database.db);
  console.log(`Badges back-filled: ${granted.length} granted.`);
} finally {
  await database.close();
}
