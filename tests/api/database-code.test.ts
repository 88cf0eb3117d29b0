import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATABASE_CODE_PATH, describeDatabaseCode } from '../../src/server/db/database-code';
import { createTestDatabase } from '../setup/test-database';

describe('docs/database-code.md', () => {
  it('shows every SQL function and trigger as the migrations leave them (npm run db:code rewrites it)', async () => {
    const { db } = await createTestDatabase();
    const current = await describeDatabaseCode(db);
    // Spot checks that the page is about our schema: a counter trigger and the search function.
    expect(current).toContain('CREATE TRIGGER');
    expect(current).toMatch(
      /### ticklist_search_on_checklist\n\n```sql\nCREATE OR REPLACE FUNCTION public\.ticklist_search_on_checklist\(\)/,
    );
    expect(readFileSync(DATABASE_CODE_PATH, 'utf8'), 'docs/database-code.md is stale: run npm run db:code').toBe(
      current,
    );
  });
});
