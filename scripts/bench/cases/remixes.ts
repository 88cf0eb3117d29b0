// "read: remixes": a list's first page of remixes, as its detail page asks for it, on the lists
// cloned most (the longest count and the most rows to order).
import { sql } from 'drizzle-orm';
import { REMIXES_PAGE_SIZE } from '../../../src/domain/checklists/remixes';
import { listRemixes } from '../../../src/server/checklists/remixes.queries';
import type { Database } from '../../../src/server/db/client';
import { clientAddress } from '../../shared/signed-in-client';
import { selectRows, type Case } from './case';

/** Visitors, each from an address of its own, so the per-address rate limit holds and is spread. */
const VISITOR_ADDRESSES = 1000;
const FIRST_VISITOR = 200_000;

export async function remixCases(db: Database): Promise<Case[]> {
  const ids = (
    await selectRows<{ id: string }>(
      db,
      sql`select k.original_checklist_id as id from cloned_checklists k join checklists c on c.id = k.original_checklist_id
          where c.is_public group by k.original_checklist_id order by count(*) desc limit 500`,
    )
  ).map((row) => row.id);
  if (ids.length === 0) return [];
  return [
    {
      name: 'read: remixes',
      requests: Array.from({ length: VISITOR_ADDRESSES }, (_, index) => ({
        method: 'GET' as const,
        path: `/api/checklists/${ids[index % ids.length]!}/remixes`,
        headers: { 'x-forwarded-for': clientAddress(FIRST_VISITOR + index) },
      })),
      bare: (index) => listRemixes(db, ids[index % ids.length]!, null, { limit: REMIXES_PAGE_SIZE }),
    },
  ];
}
