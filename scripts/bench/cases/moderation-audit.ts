// "read: moderation audit log": an admin's first page of the audit log, as its page asks for it.
// The signed-in bench users are made admins for it (the role is read from the database on each
// request), each reading in turn so that the per-user rate limit is met only past its limit times
// their number a minute.
import { sql } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE } from '../../../src/domain/moderation/audit';
import type { Database } from '../../../src/server/db/client';
import { listAuditLog } from '../../../src/server/moderation/audit-log.queries';
import { eachUserGets, type Signed } from '../users';
import type { Case } from './case';

export async function moderationAuditCases(db: Database, signed: Signed[]): Promise<Case[]> {
  if (signed.length === 0) return [];
  const ids = signed.map((user) => user.userId);
  await db.execute(sql`update profiles set role = 'admin' where id = any(${sql.param(ids)}::text[])`);
  return [
    {
      name: 'read: moderation audit log',
      requests: eachUserGets(signed, '/api/moderation/audit'),
      bare: () => listAuditLog(db, { limit: AUDIT_PAGE_SIZE }),
    },
  ];
}
