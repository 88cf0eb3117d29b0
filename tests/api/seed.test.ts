import { sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { seedDemoContent, seedIfEmpty } from '../../src/server/seed/seed';
import { createTestDatabase } from '../setup/test-database';

let db: Database;
const logger = pino({ level: 'silent' });
beforeAll(async () => {
  ({ db } = await createTestDatabase());
  await seedIfEmpty(db, logger);
});

const count = async (query: ReturnType<typeof sql>) => Number((await db.execute<{ n: number }>(query)).rows[0]!.n);

describe('demo content', () => {
  it('gives every screen something real: users, public lists across tags, and activity', async () => {
    expect(await count(sql`select count(*) as n from profiles`)).toBeGreaterThanOrEqual(6);
    expect(await count(sql`select count(*) as n from checklists where is_public`)).toBeGreaterThanOrEqual(30);
    for (const tag of ['moving house', 'camping', 'job interview', 'new baby', 'travel', 'home maintenance']) {
      expect(await count(sql`select count(*) as n from checklist_tags where tag = ${tag}`), tag).toBeGreaterThanOrEqual(
        3,
      );
    }
    expect(await count(sql`select count(*) as n from checklist_likes`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from checklist_comments`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from cloned_checklists`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from checklist_progress`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from checklists where uses_count > 0`)).toBeGreaterThan(0);
  });

  it('ends with a badge back-fill: demo users have badges, each notified once (decision 011)', async () => {
    expect(await count(sql`select count(distinct user_id) as n from user_badges`)).toBeGreaterThanOrEqual(6);
    expect(await count(sql`select count(distinct badge_slug) as n from user_badges`)).toBeGreaterThanOrEqual(3);
    expect(await count(sql`select count(*) as n from notifications where type = 'badge'`)).toBe(
      await count(sql`select count(*) as n from user_badges`),
    );
  });

  it('is seeded only on an empty database, and a re-seed replaces the demo users without duplicating them', async () => {
    const before = await count(sql`select count(*) as n from checklists`);
    await seedIfEmpty(db, logger);
    expect(await count(sql`select count(*) as n from checklists`)).toBe(before);
    const badges = await count(sql`select count(*) as n from user_badges`);
    await seedDemoContent(db, logger);
    expect(await count(sql`select count(*) as n from checklists`)).toBe(before);
    expect(await count(sql`select count(*) as n from user_badges`)).toBe(badges);
  });
});
