import { describe, expect, it } from 'vitest';
import { textMessages } from '../../src/domain/text';
import { VISITOR_CACHE_CONTROL } from '../../src/server/security/no-store';
import { makeChecklist } from '../../src/server/seed/factories';
import { createAppWithUsers } from '../setup/sign-in';

// Ready for the public internet: responses for one person are not cached, and stored text
// carries no control characters or direction overrides.

const {
  t,
  users: { owner },
  agents: { owner: asOwner },
} = await createAppWithUsers({ owner: {} });

const input = {
  title: 'Road trip',
  description: 'Before a long drive',
  items: ['Check tyres', 'Top up oil'],
  tags: ['car'],
  estimatedTime: '30 minutes',
  difficulty: 'easy',
};

describe('Cache-Control', () => {
  it('is no-store on every response to a signed-in request, public reads included', async () => {
    const list = await makeChecklist(t.db, owner.id);
    for (const path of ['/api/accounts/me', '/api/auth/get-session', '/api/checklists', `/api/checklists/${list.id}`]) {
      const response = await asOwner.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('is no-store on a route that requires sign-in, even when it responds 401', async () => {
    const response = await t.agent().request('/api/accounts/me/stats');
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('is no-store on the sign-in response that sets the cookie', async () => {
    const response = await t.agent().post('/api/auth/sign-in/email', { email: owner.email, password: owner.password });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('lets a CDN keep an anonymous public read for a short while (decision 018), varying by cookie', async () => {
    const response = await t.agent().request('/api/checklists');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(VISITOR_CACHE_CONTROL);
    expect(response.headers.get('vary')).toMatch(/\bCookie\b/);
  });

  it('keeps other anonymous reads uncached, as before', async () => {
    const response = await t.agent().request('/api/discover/trending');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBeNull();
  });
});

describe('stored text', () => {
  it('refuses a bidirectional override in a title, with the message', async () => {
    const response = await asOwner.post('/api/checklists', { ...input, title: 'Packing \u202Etxt.exe' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'invalid_input',
      message: textMessages['single-line'],
      fieldErrors: { title: 'Text cannot contain line breaks, control characters or text-direction overrides.' },
    });
  });

  it('keeps a newline in a description and refuses one in a title', async () => {
    const created = await asOwner.post('/api/checklists', { ...input, description: 'First line\nSecond line' });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const detail = await (await asOwner.request(`/api/checklists/${id}`)).json();
    expect(detail.description).toBe('First line\nSecond line');

    const refused = await asOwner.post('/api/checklists', { ...input, title: 'Road\ntrip' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors.title).toBe(textMessages['single-line']);
  });

  it('refuses a bidirectional isolate in a comment, with the message, and keeps its newlines', async () => {
    const list = await makeChecklist(t.db, owner.id);
    const refused = await asOwner.post(`/api/checklists/${list.id}/comments`, { content: 'Nice \u2067list\u2069' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: 'Text cannot contain control characters or text-direction overrides.',
      fieldErrors: { content: textMessages['multi-line'] },
    });
    const kept = await asOwner.post(`/api/checklists/${list.id}/comments`, { content: 'Two\r\nlines' });
    expect(kept.status).toBe(201);
    expect((await kept.json()).content).toBe('Two\nlines');
  });

  it('refuses control characters in a profile name and a group name', async () => {
    const profile = await asOwner.request('/api/accounts/me/profile', {
      method: 'PATCH',
      json: { profileName: 'Maya\u202E', avatarUrl: null, isPublic: true },
    });
    expect(profile.status).toBe(400);
    expect((await profile.json()).fieldErrors.profileName).toBe(textMessages['single-line']);
    const group = await asOwner.post('/api/library/groups', { name: 'Trips\u0007' });
    expect(group.status).toBe(400);
    expect((await group.json()).fieldErrors.name).toBe(textMessages['single-line']);
  });
});
