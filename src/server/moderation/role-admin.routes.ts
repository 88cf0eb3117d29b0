import { createRoute, z } from '@hono/zod-openapi';
import { canAdminister } from '@/domain/moderation/roles';
import {
  roleChangeInputSchema,
  roleChangeResultSchema,
  roleMessages,
  rolesListSchema,
} from '@/domain/moderation/role-admin';
import type { Database } from '../db/client';
import {
  commonErrors,
  createRouter,
  jsonBody,
  jsonContent,
  perUser,
  rateLimited,
  refusal,
  requireUser,
  signedInAndLimited,
  writeRoute,
} from '../http';
import { changeRole } from './role-admin.actions';
import { listRolePeople } from './role-admin.queries';
import { requireRole } from './roles';

const route = {
  list: createRoute({
    method: 'get',
    path: '/moderation/roles',
    summary: 'The people with a role (admins only)',
    ...signedInAndLimited(perUser('adminReadsPerUser')),
    responses: {
      200: jsonContent(rolesListSchema, 'Moderators and admins'),
      401: commonErrors[401],
      404: commonErrors[404],
      ...rateLimited,
    },
  }),
  change: writeRoute('roleChange', {
    method: 'put',
    path: '/moderation/roles/{username}',
    summary: "Set a person's role: moderator, admin, or user to take it away (admins only)",
    request: { params: z.object({ username: z.string().max(64) }), ...jsonBody(roleChangeInputSchema) },
    responses: { 200: jsonContent(roleChangeResultSchema, 'The person with their new role') },
  }),
};

export function roleAdminRoutes({ db }: { db: Database }) {
  const adminsOnly = [requireUser(), requireRole(db, canAdminister)] as const;
  const router = createRouter();
  // Admins only, asked of the database on each request; anyone else gets 404.
  router.use('/moderation/roles', ...adminsOnly).use('/moderation/roles/*', ...adminsOnly);
  return router
    .openapi(route.list, async (c) => c.json({ people: await listRolePeople(db) }, 200))
    .openapi(route.change, async (c) => {
      const outcome = await changeRole(db, c.var.user.id, c.req.valid('param').username, c.req.valid('json').role);
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome, roleMessages.userNotFound);
    });
}
