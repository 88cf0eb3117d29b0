import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/moderation/roles';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// POST /api/reports × {visitor, user, author of the thing, moderator, admin}. A role grants nothing
// here: a moderator reports as any user does, and a thing they cannot see is as missing for them
// (their tools are the queue's). Nobody reports their own thing.

const askers = ['visitor', 'user', 'author', 'moderator', 'admin'] as const;
type Asker = (typeof askers)[number];
type Expected = Record<Asker, number>;

let t: TestApp;
let author: CreatedUser;
let agents: Record<Asker, Agent>;

async function userWithRole(role: Role) {
  const user = await createUser(t.db);
  await t.db.execute(sql`update profiles set role = ${role} where id = ${user.id}`);
  return signedInAgent(t, user);
}

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, { username: 'authz_author' });
  await createUser(t.db, { username: 'authz_private', isPublic: false });
  agents = {
    visitor: t.agent(),
    user: await userWithRole('user'),
    author: await signedInAgent(t, author),
    moderator: await userWithRole('moderator'),
    admin: await userWithRole('admin'),
  };
});

const seen: Expected = { visitor: 401, user: 200, author: 400, moderator: 200, admin: 200 };
const unseen: Expected = { visitor: 401, user: 404, author: 400, moderator: 404, admin: 404 };

async function commentOn(visibility: 'public' | 'private') {
  const list = await makeChecklist(t.db, author.id, { visibility });
  const result = await t.db.execute<{ id: string }>(
    sql`insert into checklist_comments (checklist_id, user_id, content) values (${list.id}, ${author.id}, 'Hi') returning id`,
  );
  return result.rows[0]!.id;
}

const table: [string, () => Promise<{ targetType: string; targetId: string }>, Expected][] = [
  [
    'a public list',
    async () => ({ targetType: 'checklist', targetId: (await makeChecklist(t.db, author.id)).id }),
    seen,
  ],
  [
    'an unlisted list',
    async () => ({
      targetType: 'checklist',
      targetId: (await makeChecklist(t.db, author.id, { visibility: 'unlisted' })).id,
    }),
    seen,
  ],
  [
    'a private list',
    async () => ({
      targetType: 'checklist',
      targetId: (await makeChecklist(t.db, author.id, { visibility: 'private' })).id,
    }),
    unseen,
  ],
  ['a comment on a public list', async () => ({ targetType: 'comment', targetId: await commentOn('public') }), seen],
  [
    'a comment on a private list',
    async () => ({ targetType: 'comment', targetId: await commentOn('private') }),
    unseen,
  ],
  ['a public profile', async () => ({ targetType: 'profile', targetId: 'authz_author' }), seen],
];

describe('who may report what', () => {
  it.each(table)('%s', async (_name, target, expected) => {
    for (const asker of askers) {
      const response = await agents[asker].post('/api/reports', { ...(await target()), reason: 'spam' });
      expect(response.status, asker).toBe(expected[asker]);
    }
  });

  it('a private profile: anyone signed in but its owner', async () => {
    for (const asker of askers) {
      const json = { targetType: 'profile', targetId: 'authz_private', reason: 'spam' };
      expect((await agents[asker].post('/api/reports', json)).status, asker).toBe(asker === 'visitor' ? 401 : 200);
    }
  });
});
