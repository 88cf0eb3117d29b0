// `npm run db:seed`: (re)creates the demo users and their content on the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR). Other users are left alone.
import { openDatabase } from '../src/server/open-database';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { seedDemoContent } from '../src/server/seed/seed';

const env = loadEnv();
if (!env.isLocalOrigin) {
  // The demo accounts share a published password; the server refuses to start beside them.
  console.error(
    `db:seed refused: BASE_URL (${env.baseUrl}) is not localhost, and demo accounts share a published password.`,
  );
  process.exit(1);
}
const logger = createLogger(env);
const database = await openDatabase(env, logger);
try {
  await seedDemoContent(database.db, logger);
} finally {
  await database.close();
}
