import { beforeAll, describe, expect, it } from 'vitest';
import { rateRules } from '../../src/server/security/rate-limit';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { openCase, setRole } from '../setup/moderation-cases';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// Every endpoint of the moderators' queue × {visitor, user, the reported thing's author,
// moderator, admin}: a visitor is asked to sign in (401); anyone who is not a moderator is told
// there is no such thing (404), never that it is forbidden, and nothing changes.

type Caller = 'visitor' | 'user' | 'author' | 'moderator' | 'admin';
const callers: Caller[] = ['visitor', 'user', 'author', 'moderator', 'admin'];
type Call = (ids: { caseId: string; username: string }) => { method: string; path: string; json?: unknown };

const staff = { visitor: 401, user: 404, author: 404, moderator: 200, admin: 200 } satisfies Record<Caller, number>;

const table: [string, Call, Record<Caller, number>][] = [
  ['list cases', () => ({ method: 'GET', path: '/api/moderation/cases' }), staff],
  ['staff picks', () => ({ method: 'GET', path: '/api/moderation/staff-picks' }), staff],
  ["a case's snapshot", ({ caseId }) => ({ method: 'GET', path: `/api/moderation/cases/${caseId}/snapshot` }), staff],
  ['dismiss', ({ caseId }) => ({ method: 'POST', path: `/api/moderation/cases/${caseId}/dismiss`, json: {} }), staff],
  [
    'hide',
    ({ caseId }) => ({ method: 'POST', path: `/api/moderation/cases/${caseId}/hide`, json: { reason: 'Spam' } }),
    staff,
  ],
  ['restore', ({ caseId }) => ({ method: 'POST', path: `/api/moderation/cases/${caseId}/restore`, json: {} }), staff],
  [
    'delete comment (on a list: the rule refuses it, after the role)',
    ({ caseId }) => ({ method: 'POST', path: `/api/moderation/cases/${caseId}/delete-comment`, json: {} }),
    { ...staff, moderator: 400, admin: 400 },
  ],
  [
    'suspend',
    ({ caseId }) => ({
      method: 'POST',
      path: `/api/moderation/cases/${caseId}/suspend`,
      json: { reason: 'Spam', length: '1d' },
    }),
    staff,
  ],
  [
    'unsuspend from a case (the owner is not suspended)',
    ({ caseId }) => ({ method: 'POST', path: `/api/moderation/cases/${caseId}/unsuspend`, json: {} }),
    { ...staff, moderator: 409, admin: 409 },
  ],
  [
    'unsuspend by username (not suspended)',
    ({ username }) => ({ method: 'POST', path: `/api/moderation/users/${username}/unsuspend`, json: {} }),
    { ...staff, moderator: 409, admin: 409 },
  ],
];

let t: TestApp;
let reporter: CreatedUser;
const agents = {} as Record<Exclude<Caller, 'visitor' | 'author'>, Agent>;

beforeAll(async () => {
  t = await createTestApp();
  reporter = await createUser(t.db);
  agents.user = await signedInAgent(t, reporter);
  for (const role of ['moderator', 'admin'] as const) {
    const person = await createUser(t.db);
    await setRole(t.db, person.id, role);
    agents[role] = await signedInAgent(t, person);
  }
});

describe.each(table)('%s', (_name, call, expected) => {
  it.each(callers)('%s', async (caller) => {
    // A case of its own for each caller: a decision closes it, a suspension signs its author out.
    const author = await createUser(t.db);
    const list = await makeChecklist(t.db, author.id);
    const caseId = await openCase(
      t.db,
      { type: 'checklist', id: list.id, ownerId: author.id, snapshot: { title: 'x' } },
      [{ reporterId: reporter.id, reason: 'spam' }],
    );
    const agent =
      caller === 'visitor' ? t.agent() : caller === 'author' ? await signedInAgent(t, author) : agents[caller];
    const { method, path, json } = call({ caseId, username: author.username });
    const response = await agent.request(path, { method, json });
    expect(response.status).toBe(expected[caller]);
    if (expected[caller] === 404) {
      expect(await response.json()).toMatchObject({ code: 'not_found' });
      // Nothing was decided for someone who may not decide.
      const open = await t.agent().request(`/api/checklists/${list.id}`);
      expect(open.status).toBe(200);
    }
  });
});

describe('the rate limit', () => {
  it('refuses a moderator past the per-user limit with 429 and Retry-After', async () => {
    const person = await createUser(t.db);
    await setRole(t.db, person.id, 'moderator');
    const agent = await signedInAgent(t, person);
    let last: Response | undefined;
    for (let i = 0; i <= rateRules.moderationPerUser.max; i += 1)
      last = await agent.request('/api/moderation/staff-picks');
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
