// The whole seed of the bench's database, each phase timed: the bulk load (seed.ts), then the
// bench user, badges as the app grants them, a vacuum, and the consistency check (seed-check.ts).
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../src/server/accounts/password-hash';
import { backfillBadges, upsertBadgeDefinitions } from '../../src/server/badges/badges.actions';
import { connectDatabase } from '../../src/server/db/client';
import type { EmbeddedDatabase } from '../../src/server/db/embedded-postgres';
import type { BenchSize } from './options';
import { seedBulk, type Phase } from './seed';
import { seedBenchUser } from './seed-bench-user';
import { seedModeration } from './seed-moderation';
import { checkConsistency } from './seed-check';
import { BENCH_PASSWORD } from './users';

export async function seedDatabase(database: EmbeddedDatabase, size: BenchSize, scale: number): Promise<void> {
  const started = performance.now();
  const report = ({ name, seconds: took, detail }: Phase) =>
    console.log(`  ${name.padEnd(20)} ${took.toFixed(1).padStart(7)} s  ${detail}`);
  const timed = async (name: string, work: () => Promise<string | void>) => {
    const at = performance.now();
    const detail = (await work()) ?? '';
    report({ name, seconds: (performance.now() - at) / 1000, detail });
  };
  console.log(`Seeding ${JSON.stringify(size)} (scale ${scale}):`);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  // The bulk load: no triggers, no foreign key checks (seed.ts says how it stays correct).
  const replicaUrl = `${database.url}?options=${encodeURIComponent('-c session_replication_role=replica')}`;
  const bulk = connectDatabase(replicaUrl, { max: 2 });
  try {
    await seedBulk(bulk, size, passwordHash, report);
  } finally {
    await bulk.$client.end();
  }
  const db = connectDatabase(database.url, { max: 4 });
  try {
    await timed('bench user', async () => {
      await db.execute(sql`analyze`);
      await seedBenchUser(db, size);
    });
    // Badges as the app grants them: definitions from code, then every user's earned grants (with
    // their notifications), as `npm run badges:backfill` would.
    await timed('badges', async () => {
      await upsertBadgeDefinitions(db);
      return `${(await backfillBadges(db)).length.toLocaleString('en')} grants`;
    });
    await timed('moderation', () => seedModeration(db, size));
    // A settled database: statistics and the visibility map are current, as autovacuum keeps them.
    await timed('vacuum analyze', async () => {
      await db.execute(sql`vacuum analyze`);
    });
    await timed('check', () => checkConsistency(db));
  } finally {
    await db.$client.end();
  }
  console.log(`  ${'total'.padEnd(20)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`);
}
