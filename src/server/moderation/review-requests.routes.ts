import { reviewRequestInputSchema, reviewRequestResultSchema } from '@/domain/moderation/review-requests';
import type { Database } from '../db/client';
import { createRouter, jsonBody, jsonContent, refusal, writeRoute } from '../http';
import { requestReview } from './review-requests.actions';

const route = writeRoute('reviewRequest', {
  method: 'post',
  path: '/moderation/review-requests',
  summary: 'The author of a hidden list, comment or profile asks the moderators for a review (once per hiding)',
  request: jsonBody(reviewRequestInputSchema),
  responses: { 200: jsonContent(reviewRequestResultSchema, 'Asked') },
});

export function reviewRequestsRoutes({ db }: { db: Database }) {
  return createRouter().openapi(route, async (c) => {
    const outcome = await requestReview(db, c.var.user.id, c.req.valid('json'));
    return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome);
  });
}
