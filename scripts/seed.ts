// `npm run db:seed`: (re)creates the demo users and their content on the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR). Other users are left alone.
import { openDatabase } from '../src/server/db/open';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { seedDemoContent } from '../src/server/seed/seed';

const env = loadEnv();
const logger = createLogger(env);
const database = await openDatabase(env, logger);
try {
  await seedDemoContent(database.db, logger);
} finally {
  await database.close();
}
