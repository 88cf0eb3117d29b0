import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { checklists } from '../../src/server/db/schema';

/** The Postgres error code a statement fails with (23505 unique, 23514 check, 23503 foreign key). */
export async function failureCode(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
}

/** A list's counters, as its triggers maintain them. */
export const counters = async (db: Database, id: string) => {
  const [row] = await db
    .select({ uses: checklists.usesCount, likes: checklists.likesCount, clones: checklists.clonesCount })
    .from(checklists)
    .where(eq(checklists.id, id));
  return row!;
};
