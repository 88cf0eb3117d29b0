import { describe, expect, it } from 'vitest';
import { commentListSchema, commentMessages, isEdited } from '../../src/domain/checklists/comments';
import { makeChecklist } from '../../src/server/seed/factories';
import { createAppWithUsers } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';

const {
  t,
  users: { author },
  agents: { author: asAuthor, other: asOther },
} = await createAppWithUsers({ author: { profileName: 'Cara', avatarUrl: '🐼' }, other: {} });

const comments = async (listId: string, agent: Agent = t.agent()) =>
  commentListSchema.parse(await (await agent.request(`/api/checklists/${listId}/comments`)).json()).comments;

describe('comments', () => {
  it('are trimmed, shown newest first with their author, and marked edited after an edit', async () => {
    const list = await makeChecklist(t.db, author.id);
    const first = await asAuthor.post(`/api/checklists/${list.id}/comments`, { content: '  First!  ' });
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    expect(firstBody).toMatchObject({ content: 'First!', author: { name: 'Cara', avatar: '🐼' } });
    expect(isEdited(firstBody)).toBe(false);
    await asOther.post(`/api/checklists/${list.id}/comments`, { content: 'Second' });
    expect((await comments(list.id)).map((comment) => comment.content)).toEqual(['Second', 'First!']);

    const edited = await asAuthor.request(`/api/comments/${firstBody.id}`, {
      method: 'PATCH',
      json: { content: 'First, edited' },
    });
    expect(edited.status).toBe(200);
    const editedBody = await edited.json();
    expect(editedBody.content).toBe('First, edited');
    expect(isEdited(editedBody)).toBe(true);
  });

  it('refuse empty text and visitors', async () => {
    const list = await makeChecklist(t.db, author.id);
    const empty = await asAuthor.post(`/api/checklists/${list.id}/comments`, { content: '   ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe(commentMessages.empty);
    const visitor = await t.agent().post(`/api/checklists/${list.id}/comments`, { content: 'Hello' });
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).message).toBe('Sign in to post a comment.');
  });

  it('can be edited and deleted by their author only', async () => {
    const list = await makeChecklist(t.db, author.id);
    const { id } = await (await asAuthor.post(`/api/checklists/${list.id}/comments`, { content: 'Mine' })).json();
    expect(
      (await asOther.request(`/api/comments/${id}`, { method: 'PATCH', json: { content: 'Hijack' } })).status,
    ).toBe(403);
    expect((await asOther.request(`/api/comments/${id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await t.agent().request(`/api/comments/${id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await asAuthor.request(`/api/comments/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await comments(list.id)).toEqual([]);
    expect((await asAuthor.request(`/api/comments/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('on a private list are not found for others', async () => {
    const list = await makeChecklist(t.db, author.id, { isPublic: false });
    const { id } = await (
      await asAuthor.post(`/api/checklists/${list.id}/comments`, { content: 'Private note' })
    ).json();
    expect((await asOther.request(`/api/checklists/${list.id}/comments`)).status).toBe(404);
    expect((await asOther.request(`/api/comments/${id}`, { method: 'PATCH', json: { content: 'x' } })).status).toBe(
      404,
    );
  });
});
