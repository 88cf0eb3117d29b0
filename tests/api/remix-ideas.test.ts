import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { remixIdeaMessages, remixIdeasSchema, type RemixIdea } from '../../src/domain/checklists/remix-ideas';
import { versionPageSchema } from '../../src/domain/checklists/version-history';
import { createAppWithUsers } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';
import { createRecordingDatabase, expectSessionThenOneStatement } from '../setup/test-database';

/** Records every SQL statement the app sends, in order. */
const recording = await createRecordingDatabase();
const { statements } = recording;
const {
  t,
  agents: { author: asAuthor, r1, r2, r3, r4, other: asOther },
} = await createAppWithUsers({ author: {}, r1: {}, r2: {}, r3: {}, r4: {}, other: {} }, { db: recording.db });
const remixers = [r1, r2, r3, r4];

const base = { description: 'Two nights away', tags: [], estimatedTime: '1 hour', difficulty: 'easy' };

async function newList(items: string[]): Promise<string> {
  const response = await asAuthor.post('/api/checklists', { ...base, title: 'Camping', items });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

/** A remix of `list` by `agent`, with `added` after the copied items, public unless said. */
async function remix(agent: Agent, list: string, added: string[], visibility = 'public') {
  const clone = (await (await agent.post(`/api/checklists/${list}/clone`, {})).json()).id as string;
  const copied = (await (await agent.request(`/api/checklists/${clone}`)).json()).items.map(
    (item: { content: string }) => item.content,
  );
  const saved = await agent.request(`/api/checklists/${clone}`, {
    method: 'PUT',
    json: { ...base, title: 'Camping', items: [...copied, ...added], visibility },
  });
  expect(saved.status).toBe(200);
  return clone;
}

async function ideas(agent: Agent, list: string): Promise<RemixIdea[]> {
  const response = await agent.request(`/api/checklists/${list}/ideas`);
  expect(response.status).toBe(200);
  return remixIdeasSchema.parse(await response.json()).ideas;
}

describe('ideas from remixes', () => {
  it('groups what three people added to public remixes by meaning, and counts no private one', async () => {
    const list = await newList(['Tent', 'Stove']);
    await remix(remixers[0]!, list, ['Tent footprint', 'Mallet']);
    await remix(remixers[1]!, list, ['tent footprint (ground sheet)', 'Mallet']);
    await remix(remixers[2]!, list, ['Tent Footprint!', 'Stove!']);
    // A private remix, and a second remix by the same person, count for nothing.
    await remix(remixers[3]!, list, ['Mallet'], 'private');
    await remix(remixers[0]!, list, ['Mallet']);
    const found = await ideas(asAuthor, list);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ idea: 'tent footprint', remixes: 3, people: 3 });
    expect(found[0]!.names).toHaveLength(3);
    expect(['Tent footprint', 'tent footprint (ground sheet)', 'Tent Footprint!']).toContain(found[0]!.content);
  });

  it('adds an idea to the list with credit, or dismisses it; either way it is offered no more', async () => {
    const list = await newList(['Tent']);
    for (const agent of remixers.slice(0, 3)) await remix(agent, list, ['Mallet', 'Kettle']);
    expect((await ideas(asAuthor, list)).map((idea) => idea.idea).sort()).toEqual(['kettle', 'mallet']);

    const adopted = await asAuthor.post(`/api/checklists/${list}/ideas/adopt`, { idea: 'mallet' });
    expect(adopted.status).toBe(200);
    const detail = await (await asAuthor.request(`/api/checklists/${list}`)).json();
    expect(detail.items.map((item: { content: string }) => item.content)).toEqual(['Tent', 'Mallet']);
    const versions = versionPageSchema.parse(await (await asAuthor.request(`/api/checklists/${list}/versions`)).json());
    expect(versions.versions[0]!.note).toMatch(/^Idea from remixes by .+ and .+$/);

    expect((await asAuthor.post(`/api/checklists/${list}/ideas/dismiss`, { idea: 'kettle' })).status).toBe(200);
    expect(await ideas(asAuthor, list)).toEqual([]);
    const again = await asAuthor.post(`/api/checklists/${list}/ideas/adopt`, { idea: 'kettle' });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(remixIdeaMessages.notFound);
  });

  it('does not name a remixer the moderators hid', async () => {
    const list = await newList(['Tent']);
    for (const agent of remixers.slice(0, 3)) await remix(agent, list, ['Mallet']);
    await t.db.execute(sql`
      update profiles set hidden_at = now(), hidden_reason = 'spam'
      where id = (select author_id from checklists where title = 'Camping' and id <> ${list} order by created_at desc limit 1)`);
    const [idea] = await ideas(asAuthor, list);
    expect(idea).toMatchObject({ people: 3 });
    expect(idea!.names).toHaveLength(2);
  });

  it('is read in one statement after the session’s, with whether the list is the asker’s', async () => {
    const list = await newList(['Tent']);
    await remix(r1, list, ['Stove']);
    for (const [agent, status] of [
      [asAuthor, 200],
      [asOther, 404],
    ] as const) {
      statements.length = 0;
      expect((await agent.request(`/api/checklists/${list}/ideas`)).status).toBe(status);
      expectSessionThenOneStatement(statements);
    }
  });

  it('is the author’s alone, and refuses bad input', async () => {
    const list = await newList(['Tent']);
    expect((await asOther.request(`/api/checklists/${list}/ideas`)).status).toBe(404);
    expect((await asOther.post(`/api/checklists/${list}/ideas/dismiss`, { idea: 'x' })).status).toBe(404);
    expect((await asOther.post(`/api/checklists/${list}/ideas/adopt`, { idea: 'x' })).status).toBe(404);
    expect((await t.agent().request(`/api/checklists/${list}/ideas`)).status).toBe(401);
    expect((await asAuthor.request('/api/checklists/not-a-uuid/ideas')).status).toBe(404);
    for (const body of [{}, { idea: '' }, { idea: 'x'.repeat(1001) }, { idea: 3 }]) {
      expect((await asAuthor.post(`/api/checklists/${list}/ideas/adopt`, body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});
