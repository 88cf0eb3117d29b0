import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPageBody } from '../../src/client/entry-server';
import { commentListSchema } from '../../src/domain/checklists/comments';
import { notificationListSchema } from '../../src/domain/notifications/notifications';
import { findListForHead } from '../../src/server/public-face/public-face.queries';
import { previewContentOf } from '../../src/server/public-face/share-preview/preview-content';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, TEST_BASE_URL, type Agent, type TestApp } from '../setup/test-app';

// Decision 008: a private profile's name is its owner's alone. Wherever the person turns up for
// anyone else (a comment, a notification of any kind and its mail, a list's author, a page's HTML,
// its share preview, a feed, another user's export) the name is as if it had not been filled in,
// and the username stands in. A notification written while the profile was public, read after it
// turned private, hides the name too. Its owner still sees it.

const NAME = 'Zephyrine Quillfeather';

let t: TestApp;
let shy: CreatedUser;
let star: CreatedUser;
let early: CreatedUser;
let asShy: Agent;
let asStar: Agent;
let asEarly: Agent;
let asOther: Agent;
const ids: Record<string, string> = {};

const like = (agent: Agent, id: string) => agent.request(`/api/checklists/${id}/like`, { method: 'PUT' });
const comment = (agent: Agent, id: string, content: string) =>
  agent.post(`/api/checklists/${id}/comments`, { content });
const clone = (agent: Agent, id: string) => agent.post(`/api/checklists/${id}/clone`, {});
const follow = (agent: Agent, user: CreatedUser) =>
  agent.request(`/api/users/${user.username}/follow`, { method: 'PUT' });

/** Likes, comments on, clones and follows: each kind of notification `actor` can cause. */
async function actOn(actor: Agent, listId: string, author: CreatedUser) {
  expect((await like(actor, listId)).status).toBe(200);
  expect((await comment(actor, listId, `A comment on ${author.username}'s list`)).status).toBe(201);
  expect((await clone(actor, listId)).status).toBe(201);
  expect((await follow(actor, author)).status).toBe(200);
}

beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), readFileSync('index.html', 'utf8'));
  t = await createTestApp({ clientDir, renderPageBody, pageWaitMs: 30_000 });
  shy = await createUser(t.db, { username: 'pn_shy', profileName: NAME, avatarUrl: '🦉' });
  star = await createUser(t.db, { username: 'pn_star', profileName: 'Stella Star' });
  early = await createUser(t.db, { username: 'pn_early', profileName: 'Early Bird' });
  [asShy, asStar, asEarly, asOther] = await Promise.all([
    signedInAgent(t, shy),
    signedInAgent(t, star),
    signedInAgent(t, early),
    signedInAgent(t, await createUser(t.db, { username: 'pn_other' })),
  ]);
  ids.early = (await makeChecklist(t.db, early.id, { title: 'Early list', items: ['One'] })).id;
  ids.star = (await makeChecklist(t.db, star.id, { title: 'Moving house', items: ['Boxes', 'Tape'] })).id;
  ids.shy = (
    await makeChecklist(t.db, shy.id, { title: 'Quiet camping', tags: ['camping'], items: ['Tent', 'Stove'] })
  ).id;

  // While the profile is public: its notifications name it, and so does their mail, sent now.
  await actOn(asShy, ids.early, early);
  await t.dispatchMails();
  // Then it turns private, and everything afterwards happens while it is.
  const turned = await asShy.request('/api/accounts/me/profile', {
    method: 'PATCH',
    json: { profileName: NAME, avatarUrl: '🦉', isPublic: false },
  });
  expect(turned.status).toBe(200);
  await actOn(asShy, ids.star, star);
  await t.dispatchMails();
});

const json = async (agent: Agent, pathAndQuery: string) => {
  const response = await agent.request(pathAndQuery);
  expect(response.status).toBe(200);
  return response.text();
};
const comments = async (agent: Agent, id: string) =>
  commentListSchema.parse(JSON.parse(await json(agent, `/api/checklists/${id}/comments`))).comments;
const inbox = async (agent: Agent) =>
  notificationListSchema.parse(JSON.parse(await json(agent, '/api/notifications'))).notifications;

describe('a private profile’s name, to others', () => {
  it('is not in a list’s comments, for a visitor or another user: the username stands in', async () => {
    for (const agent of [t.agent(), asOther, asStar]) {
      for (const id of [ids.star!, ids.early!]) {
        const seen = await comments(agent, id);
        expect(JSON.stringify(seen)).not.toContain(NAME);
        expect(seen[0]!.author).toEqual({ id: shy.id, name: 'pn_shy', avatar: '🦉', username: 'pn_shy' });
      }
    }
  });

  it('is in no notification, of any kind, even one written while the profile was public', async () => {
    for (const [agent, title] of [
      [asStar, 'Moving house'],
      [asEarly, 'Early list'],
    ] as const) {
      const notes = (await inbox(agent)).filter((note) => note.type !== 'badge');
      expect(JSON.stringify(notes)).not.toContain(NAME);
      expect(notes.map((note) => note.message)).toEqual([
        'pn_shy started following you',
        `pn_shy cloned “${title}”`,
        `pn_shy commented on “${title}”`,
        `pn_shy liked “${title}”`,
      ]);
      for (const note of notes) expect(note.actor).toEqual({ username: 'pn_shy', name: null, avatar: '🦉' });
      // Home's Recent Activity repeats the notifications.
      expect(await json(agent, '/api/dashboard/activity')).not.toContain(NAME);
      // So does the recipient's own export.
      expect(await json(agent, '/api/accounts/me/export')).not.toContain(NAME);
    }
  });

  it('is not in the mail of a follow or a comment', async () => {
    const mails = (await t.outbox()).filter((mail) => mail.to === star.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'pn_shy commented on “Moving house”',
      'pn_shy started following you',
    ]);
    for (const mail of mails) expect(JSON.stringify(mail)).not.toContain(NAME);
  });

  it('is not in a mail queued while the profile was public and sent after it turned private', async () => {
    const late = await createUser(t.db, { username: 'pn_late', profileName: 'Lately Named' });
    const reader = await createUser(t.db, { username: 'pn_reader' });
    const asLate = await signedInAgent(t, late);
    const list = (await makeChecklist(t.db, reader.id, { title: 'Reading list', items: ['A book'] })).id;
    expect((await follow(asLate, reader)).status).toBe(200);
    expect((await comment(asLate, list, 'Queued while public')).status).toBe(201);
    const turned = await asLate.request('/api/accounts/me/profile', {
      method: 'PATCH',
      json: { profileName: 'Lately Named', avatarUrl: '🦊', isPublic: false },
    });
    expect(turned.status).toBe(200);
    await t.dispatchMails();
    const mails = (await t.outbox()).filter((mail) => mail.to === reader.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'pn_late commented on “Reading list”',
      'pn_late started following you',
    ]);
    for (const mail of mails) expect(JSON.stringify(mail)).not.toContain('Lately Named');
  });

  it('is not a list’s author, in the API: the detail, Browse, Discover, a group of the library', async () => {
    for (const agent of [t.agent(), asOther]) {
      const detail = JSON.parse(await json(agent, `/api/checklists/${ids.shy}`));
      expect(detail).toMatchObject({ author: 'Anonymous', authorAvatar: '🦉', authorUsername: 'pn_shy' });
      for (const listing of [
        '/api/checklists',
        '/api/checklists?tag=camping',
        '/api/checklists?q=quiet',
        '/api/discover',
      ])
        expect(await json(agent, listing)).not.toContain(NAME);
    }
    const group = (await (await asOther.post('/api/library/groups', { name: 'Trips' })).json()) as { id: string };
    await asOther.request(`/api/library/groups/${group.id}/checklists/${ids.shy}`, { method: 'PUT' });
    expect(await json(asOther, '/api/library/groups')).toContain('Quiet camping');
    expect(await json(asOther, '/api/library/groups')).not.toContain(NAME);
    expect(await json(asOther, '/api/dashboard/lists?tab=saved')).toContain('Quiet camping');
    expect(await json(asOther, '/api/dashboard/lists?tab=saved')).not.toContain(NAME);
  });

  it('is not in a visitor’s HTML of a list page (body and head), nor in the share preview', async () => {
    for (const id of [ids.star!, ids.shy!]) {
      const response = await t.app.request(`${TEST_BASE_URL}/checklist/${id}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      // Drawn by the server, with the comments (the page's state carries them).
      expect(html).toContain('id="page-state"');
      expect(html).toContain('pn_shy');
      expect(html).not.toContain(NAME);
    }
    const row = await findListForHead(t.db, ids.shy!);
    expect(previewContentOf(row!)).toMatchObject({ author: 'Anonymous', avatar: '🦉' });
    const browse = await (await t.app.request(`${TEST_BASE_URL}/browse?tag=camping`)).text();
    expect(browse).toContain('Quiet camping');
    expect(browse).not.toContain(NAME);
  });

  it('is not in the feeds', async () => {
    for (const feed of ['/feeds/newest.atom', '/feeds/tag/camping.atom', '/feeds/user/pn_shy.atom']) {
      const response = await t.app.request(`${TEST_BASE_URL}${feed}`);
      expect(await response.text()).not.toContain(NAME);
    }
  });
});

describe('a private profile’s name, to its owner', () => {
  it('shows in their own views: their comments, their list, their profile, their dashboard', async () => {
    const mine = await comments(asShy, ids.star!);
    expect(mine[0]!.author).toEqual({ id: shy.id, name: NAME, avatar: '🦉', username: 'pn_shy' });
    const written = await comment(asShy, ids.star!, 'One more');
    expect(await written.json()).toMatchObject({ author: { name: NAME, username: 'pn_shy' } });

    expect(JSON.parse(await json(asShy, `/api/checklists/${ids.shy}`))).toMatchObject({ author: NAME });
    expect(JSON.parse(await json(asShy, '/api/users/pn_shy'))).toMatchObject({ profileName: NAME });
    const created = JSON.parse(await json(asShy, '/api/dashboard/lists?tab=created')) as {
      checklists: { title: string; author: string }[];
    };
    expect(created.checklists.find((list) => list.title === 'Quiet camping')?.author).toBe(NAME);
  });
});
