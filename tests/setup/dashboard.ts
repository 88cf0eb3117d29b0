import { expect } from 'vitest';
import {
  activityFeedSchema,
  dashboardListsSchema,
  type ActivityEvent,
  type DashboardListTab,
} from '../../src/domain/dashboard/dashboard';
import { createUser, type CreatedUser } from '../../src/server/seed/factories';
import { completeItem } from './completions';
import { signedInAgent } from './sign-in';
import { createTestApp, type Agent, type TestApp } from './test-app';
import { createTestDatabase } from './test-database';

export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** The read of the session and its user which every signed-in request makes (ours, or Better Auth's). */
export function isSessionLookup(query: string): boolean {
  return /from "(sessions|users)"|from sessions s join users u/.test(query);
}

/** The dashboard tests' app, with every SQL statement passed to `onQuery` if given, and a signed-in author of lists. */
export async function createDashboardApp(onQuery?: (query: string) => void) {
  const { db } = await createTestDatabase({ onQuery });
  const t = await createTestApp({ db });
  const author = await createUser(t.db, { profileName: 'Ada', avatarUrl: '🦊' });
  return { t, author, asAuthor: await signedInAgent(t, author) };
}

type List = { id: string; items: { id: string }[] };

/** The steps and reads of the dashboard tests, on the test file's app (`app()`: made in its beforeAll). */
export function dashboardHelpers(app: () => { t: TestApp; asAuthor: Agent }) {
  async function tab(agent: Agent, name: DashboardListTab) {
    const response = await agent.request(`/api/dashboard/lists?tab=${name}`);
    expect(response.status).toBe(200);
    const body = dashboardListsSchema.parse(await response.json());
    expect(body.tab).toBe(name);
    return body.checklists;
  }
  async function activity(agent: Agent, query = ''): Promise<ActivityEvent[]> {
    const response = await agent.request(`/api/dashboard/activity${query}`);
    expect(response.status).toBe(200);
    return activityFeedSchema.parse(await response.json()).events;
  }
  const put = (agent: Agent, path: string) => agent.request(path, { method: 'PUT' });
  return {
    /** A fresh user, signed in, so each test sees only what it did. */
    newUser: async (overrides: Parameters<typeof createUser>[1] = {}) => {
      const user: CreatedUser = await createUser(app().t.db, overrides);
      return { user, agent: await signedInAgent(app().t, user) };
    },
    tab,
    titles: async (agent: Agent, name: DashboardListTab) => (await tab(agent, name)).map((list) => list.title),
    activity,
    messages: async (agent: Agent, query = '') => (await activity(agent, query)).map((event) => event.message),
    put,
    complete: (agent: Agent, list: List, index: number) =>
      completeItem(agent, list, index).then((r) => expect(r.status).toBe(200)),
    removeCompletion: (agent: Agent, list: List, index: number) =>
      completeItem(agent, list, index, 'DELETE').then((r) => expect(r.status).toBe(200)),
    clone: async (agent: Agent, listId: string): Promise<string> => {
      const response = await agent.post(`/api/checklists/${listId}/clone`, {});
      expect(response.status).toBe(201);
      return (await response.json()).id;
    },
    makePrivate: (listId: string) =>
      app()
        .asAuthor.request(`/api/checklists/${listId}/visibility`, { method: 'PATCH', json: { isPublic: false } })
        .then((r) => expect(r.status).toBe(200)),
  };
}
