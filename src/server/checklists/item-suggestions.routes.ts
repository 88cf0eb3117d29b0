import { createRoute } from '@hono/zod-openapi';
import { itemSuggestionsInputSchema, itemSuggestionsSchema } from '@/domain/checklists/item-suggestions';
import type { Database } from '../db/client';
import { commonErrors, createRouter, jsonBody, jsonContent, perUser, rateLimited, signedInAndLimited } from '../http';
import { suggestItems } from './item-suggestions.queries';

const route = createRoute({
  method: 'post',
  path: '/suggestions',
  ...signedInAndLimited(perUser('itemSuggestionsPerUser')),
  summary: 'Items that public lists like the one being written commonly have and it lacks (nothing is saved)',
  request: jsonBody(itemSuggestionsInputSchema),
  responses: {
    200: jsonContent(itemSuggestionsSchema, 'Up to eight suggestions'),
    400: commonErrors[400],
    401: commonErrors[401],
    ...rateLimited,
  },
});

export function itemSuggestionsRoutes({ db }: { db: Database }) {
  return createRouter().openapi(route, async (c) => {
    return c.json({ suggestions: await suggestItems(db, c.req.valid('json')) }, 200);
  });
}
