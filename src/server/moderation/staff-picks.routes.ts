import { z } from '@hono/zod-openapi';
import { staffPickStateSchema } from '@/domain/moderation/staff-picks';
import { canModerate } from '@/domain/moderation/roles';
import type { Database } from '../db/client';
import { createRouter, requireUser, toggleHandler, toggleRoute } from '../http';
import { requireRole } from './roles';
import { changeStaffPick } from './staff-picks.actions';

const staffPickRoute = toggleRoute('staffPick', {
  path: '/moderation/staff-picks/{checklistId}',
  request: { params: z.object({ checklistId: z.string().max(64) }) },
  state: staffPickStateSchema,
});

const route = {
  pick: staffPickRoute('put', 'A moderator makes a public list a staff pick', 'Picked'),
  unpick: staffPickRoute('delete', 'A moderator takes a list out of the staff picks', 'Not picked'),
};

export function staffPicksRoutes({ db }: { db: Database }) {
  const toggle = toggleHandler<typeof route.pick>((c, isPicked) =>
    changeStaffPick(db, c.var.user.id, c.req.valid('param').checklistId, isPicked),
  );
  const router = createRouter();
  // Moderators and admins only, asked of the database on each request; anyone else gets 404.
  router.use('/moderation/staff-picks/*', requireUser(), requireRole(db, canModerate));
  return router.openapi(route.pick, toggle(true)).openapi(route.unpick, toggle(false));
}
