import { createRoute } from '@hono/zod-openapi';
import { discoverCardsSchema, discoverSchema, trendingParamsSchema } from '@/domain/discover/assembly';
import type { Database } from '../db/client';
import { commonErrors, createRouter, jsonContent, signedInRoute, userIdOf } from '../http';
import { cacheForVisitors } from '../security/no-store';
import { loadDiscover, suggestChecklists, trendingChecklists, type DiscoverCache } from './discover.queries';

const route = {
  discover: createRoute({
    method: 'get',
    path: '/discover',
    summary:
      'Discover: Suggestions for You, Trending Checklists and Staff Picks, 3 cards each; sample staff picks when none are flagged',
    responses: { 200: jsonContent(discoverSchema, 'The three sections') },
  }),
  suggestions: signedInRoute({
    method: 'get',
    path: '/discover/suggestions',
    summary: 'Up to 10 public lists suggested to the signed-in user, none under 3',
    responses: { 200: jsonContent(discoverCardsSchema, 'Suggested lists') },
  }),
  trending: createRoute({
    method: 'get',
    path: '/discover/trending',
    summary: 'The most used public lists, most first; limit 1 to 50, 10 by default',
    request: { query: trendingParamsSchema },
    responses: { 200: jsonContent(discoverCardsSchema, 'Trending lists'), 400: commonErrors[400] },
  }),
};

export function discoverRoutes({ db, cache }: { db: Database; cache: DiscoverCache }) {
  return createRouter()
    .openapi(route.discover, async (c) => {
      const discover = await loadDiscover(db, await userIdOf(c), cache);
      cacheForVisitors(c);
      return c.json(discover, 200);
    })
    .openapi(route.suggestions, async (c) => {
      return c.json({ checklists: await suggestChecklists(db, c.var.user.id) }, 200);
    })
    .openapi(route.trending, async (c) =>
      c.json({ checklists: await trendingChecklists(db, c.req.valid('query').limit) }, 200),
    );
}
