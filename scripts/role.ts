// `npm run role -- grant <username> moderator|admin` and `npm run role -- revoke <username>`: gives
// a user a role, or takes it away, on the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR), with a row in the moderators' audit log. An unknown user or role is refused with a
// one-line message and a non-zero exit.
import { parseRoleArgs, runRoleCommand } from '../src/server/moderation/role-grants.actions';
import { openDatabase } from '../src/server/open-database';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';

const parsed = parseRoleArgs(process.argv.slice(2));
if (!parsed.ok) {
  console.error(parsed.message);
  process.exit(1);
}
const env = loadEnv();
const logger = createLogger(env);
const database = await openDatabase(env, logger);
try {
  const outcome = await runRoleCommand(database.db, parsed.command);
  if (outcome.ok) console.log(outcome.message);
  else console.error(outcome.message);
  process.exitCode = outcome.ok ? 0 : 1;
} finally {
  await database.close();
}
