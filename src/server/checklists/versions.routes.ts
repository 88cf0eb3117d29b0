import { createRoute } from '@hono/zod-openapi';
import {
  versionEntriesSchema,
  versionMessages,
  versionPageQuerySchema,
  versionPageSchema,
  versionParamsSchema,
  restoredVersionSchema,
} from '@/domain/checklists/version-history';
import type { Database } from '../db/client';
import {
  commonErrors,
  createRouter,
  idParams,
  jsonContent,
  notFound,
  perUser,
  rateLimited,
  refusal,
  signedInAndLimited,
  writeRoute,
} from '../http';
import { restoreVersion } from './versions.actions';
import { listVersions, ownsVersions, readVersionEntries } from './versions.queries';

/** A read of the author's own versions: signed in, a person opens a few pages a minute. */
const versionRead = signedInAndLimited(perUser('versionHistoryPerUser'));
const readErrors = { 400: commonErrors[400], 401: commonErrors[401], 404: commonErrors[404], ...rateLimited };

const route = {
  list: createRoute({
    method: 'get',
    path: '/{id}/versions',
    ...versionRead,
    summary: 'The author’s versions of their checklist, newest first, 20 a page (pass nextCursor as before)',
    request: { params: idParams, query: versionPageQuerySchema },
    responses: { 200: jsonContent(versionPageSchema, 'Versions'), ...readErrors },
  }),
  entries: createRoute({
    method: 'get',
    path: '/{id}/versions/{number}',
    ...versionRead,
    summary: 'One version’s items, headings and notes (the author’s own checklist only)',
    request: { params: versionParamsSchema },
    responses: { 200: jsonContent(versionEntriesSchema, 'The version'), ...readErrors },
  }),
  restore: writeRoute('restoreVersion', {
    method: 'post',
    path: '/{id}/versions/{number}/restore',
    summary: 'Restore a version of one’s checklist: its entries become that version’s, saved as a new version',
    request: { params: versionParamsSchema },
    responses: { 200: jsonContent(restoredVersionSchema, 'The new version’s number') },
  }),
};

export function versionsRoutes({ db }: { db: Database }) {
  return createRouter()
    .openapi(route.list, async (c) => {
      const page = await listVersions(db, c.req.valid('param').id, c.var.user.id, c.req.valid('query'));
      return page ? c.json(page, 200) : notFound(c);
    })
    .openapi(route.entries, async (c) => {
      const { id, number } = c.req.valid('param');
      if (!(await ownsVersions(db, id, c.var.user.id))) return notFound(c);
      const version = await readVersionEntries(db, id, number);
      if (!version) return notFound(c, versionMessages.notFound);
      const entries = version.entries.map(({ kind, content, note }) => ({ kind, content, note }));
      return c.json({ number, entries }, 200);
    })
    .openapi(route.restore, async (c) => {
      const { id, number } = c.req.valid('param');
      const outcome = await restoreVersion(db, id, c.var.user.id, number);
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome, versionMessages.notFound);
    });
}
