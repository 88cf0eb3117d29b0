// `npm run staff-pick -- <checklist id> [--remove]`: flags a public checklist as a staff pick for
// Discover's staff picks section, or removes the flag, on the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR). A private or unknown id is refused with a non-zero exit.
import { openDatabase } from '../src/server/open-database';
import { parseStaffPickArgs, setStaffPick, staffPickUsage } from '../src/server/discover/staff-picks.actions';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';

const args = parseStaffPickArgs(process.argv.slice(2));
if (!args) {
  console.error(staffPickUsage);
  process.exit(1);
}
const env = loadEnv();
const logger = createLogger(env);
const database = await openDatabase(env, logger);
try {
  const outcome = await setStaffPick(database.db, args.checklistId, args.isPicked);
  if (outcome.ok) console.log(outcome.message);
  else console.error(outcome.message);
  process.exitCode = outcome.ok ? 0 : 1;
} finally {
  await database.close();
}
