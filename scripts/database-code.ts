// `npm run db:code`: writes docs/database-code.md, every SQL function and trigger of the schema as
// the migrations leave it, from the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR), which it migrates first.
import { writeFileSync } from 'node:fs';
import { DATABASE_CODE_PATH, describeDatabaseCode } from '../src/server/db/database-code';
import { openDatabase } from '../src/server/open-database';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';

const env = loadEnv();
const database = await openDatabase(env, createLogger(env));
try {
  writeFileSync(DATABASE_CODE_PATH, await describeDatabaseCode(database.db));
  console.log(`Wrote ${DATABASE_CODE_PATH}.`);
} finally {
  await database.close();
}
