import { beforeAll, describe, expect, it } from 'vitest';
import { commentSchema } from '../../src/domain/checklists/comments';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

// Every statement is a round trip both the app and the database pay for, under load on the same
// cores; and a list's tags update one shared counter row per tag (tag_counts), locked until the
// transaction ends. These tests hold the writes to their statements and that order.

let t: TestApp;
let statements: string[] = [];
let author: CreatedUser;
let reader: CreatedUser;
let asAuthor: Agent;
let asReader: Agent;

beforeAll(async () => {
  const database = await createTestDatabase({ onQuery: (query) => statements.push(query.replace(/\s+/g, ' ').trim()) });
  t = await createTestApp({ db: database.db });
  author = await createUser(t.db);
  reader = await createUser(t.db);
  asAuthor = await signedInAgent(t, author);
  asReader = await signedInAgent(t, reader);
});

/** The statements of one request, from `begin` to `commit`. */
async function transactionOf(request: () => Promise<Response>, status: number) {
  statements = [];
  expect((await request()).status).toBe(status);
  const begin = statements.indexOf('begin');
  const commit = statements.indexOf('commit');
  expect(begin).toBeGreaterThanOrEqual(0);
  return { all: statements, inside: statements.slice(begin + 1, commit) };
}

describe('a new list', () => {
  it('writes its tags last, just before it commits', async () => {
    const { inside } = await transactionOf(
      () =>
        asAuthor.post('/api/checklists', {
          title: 'Road trip',
          description: 'Before a long drive',
          items: ['Check tyres', 'Pack snacks'],
          tags: ['car', 'travel'],
          estimatedTime: '30 minutes',
          difficulty: 'easy',
        }),
      201,
    );
    expect(inside.at(-1)).toMatch(/^insert into "checklist_tags"/);
    expect(inside.filter((query) => /checklist_tags/.test(query))).toHaveLength(1);
  });
});

describe('a clone', () => {
  it('copies the list in one statement, and its tags last', async () => {
    const original = await makeChecklist(t.db, author.id, { items: ['a', 'b'], tags: ['beach', 'summer'] });
    const { inside } = await transactionOf(() => asReader.post(`/api/checklists/${original.id}/clone`, {}), 201);
    expect(inside.at(-1)).toMatch(/^insert into checklist_tags .* select/);
    expect(inside.filter((query) => /^insert into checklists/.test(query))).toHaveLength(1);
    // The original is not read whole (its search document is large) before it is copied.
    expect(inside.filter((query) => /^select .*"search_vector"/.test(query))).toEqual([]);
  });
});

describe('a comment', () => {
  it('is answered from its insert, and its author is not read again for the notification', async () => {
    const list = await makeChecklist(t.db, author.id);
    statements = [];
    const response = await asReader.post(`/api/checklists/${list.id}/comments`, { content: 'Nice one.' });
    expect(response.status).toBe(201);
    const answered = commentSchema.parse(await response.json());
    expect(answered).toMatchObject({ content: 'Nice one.', author: { id: reader.id } });
    const commit = statements.indexOf('commit');
    expect(statements.slice(commit + 1)).toEqual([]);
    expect(statements.filter((query) => /from "profiles"/.test(query))).toEqual([]);
    // The notification names the commenter as a read of their profile would.
    const notifications = await (await asAuthor.request('/api/notifications')).json();
    expect(JSON.stringify(notifications)).toContain(answered.author.name);
  });
});
