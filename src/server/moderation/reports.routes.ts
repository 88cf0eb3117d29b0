import { commentMessages } from '@/domain/checklists/comments';
import { checklistMessages } from '@/domain/checklists/checklist-view';
import {
  reportInputSchema,
  reportMessages,
  reportResultSchema,
  type ReportTargetType,
} from '@/domain/moderation/reports';
import { publicProfileMessages } from '@/domain/social/profile';
import type { Database } from '../db/client';
import { createRouter, jsonBody, jsonContent, refusal, writeRoute } from '../http';
import { reportThing } from './reports.actions';

/** A thing the reporter cannot see is answered as its own page answers a missing one. */
const notFoundMessages: Record<ReportTargetType, string> = {
  checklist: checklistMessages.notFound,
  comment: commentMessages.notFound,
  profile: publicProfileMessages.notFound,
};

const route = {
  report: writeRoute('report', {
    method: 'post',
    path: '/reports',
    summary: 'Report a list, a comment or a profile (by username) to the moderators; reporting again rewrites it',
    request: jsonBody(reportInputSchema),
    responses: { 200: jsonContent(reportResultSchema, 'Reported') },
  }),
};

export function reportsRoutes({ db }: { db: Database }) {
  return createRouter().openapi(route.report, async (c) => {
    const input = c.req.valid('json');
    const outcome = await reportThing(db, c.var.user.id, input);
    return outcome.ok
      ? c.json({ message: reportMessages.thanks }, 200)
      : refusal(c, outcome, notFoundMessages[input.targetType]);
  });
}
