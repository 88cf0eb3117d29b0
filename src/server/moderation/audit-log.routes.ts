import { auditPageQuerySchema, auditPageSchema } from '@/domain/moderation/audit';
import { canAdminister } from '@/domain/moderation/roles';
import type { Database } from '../db/client';
import { commonErrors, createRouter, jsonContent, perUserLimitedRoute, requireUser } from '../http';
import { listAuditLog } from './audit-log.queries';
import { requireRole } from './roles';

const route = perUserLimitedRoute('adminReadsPerUser', {
  method: 'get',
  path: '/moderation/audit',
  summary: 'The moderators’ audit log, newest first, a page at a time (admins only)',
  request: { query: auditPageQuerySchema },
  responses: { 200: jsonContent(auditPageSchema, 'A page of the log'), 404: commonErrors[404] },
});

export function auditLogRoutes({ db }: { db: Database }) {
  const router = createRouter();
  // Admins only, asked of the database on each request; anyone else gets 404.
  router.use('/moderation/audit', requireUser(), requireRole(db, canAdminister));
  return router.openapi(route, async (c) => c.json(await listAuditLog(db, c.req.valid('query')), 200));
}
