import { describe, expect, it } from 'vitest';
import { cachedAtOf, stampedForCache } from './cached-at';
import { isListDetailPath, listIdOfPage } from './list-cache';

const id = '0b5f6a3e-8f7c-4d2b-9a1e-3c4d5e6f7a8b';

describe('stampedForCache', () => {
  it('stores a success with the time it was stored, and its body and headers unchanged', async () => {
    const response = new Response('{"id":"x"}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    const stored = await stampedForCache(response, new Date('2026-11-29T10:00:00Z'));
    expect(stored?.status).toBe(200);
    expect(cachedAtOf(stored!)).toBe('2026-11-29T10:00:00.000Z');
    expect(stored?.headers.get('Content-Type')).toBe('application/json');
    expect(await stored?.text()).toBe('{"id":"x"}');
  });

  it.each([201, 304, 401, 404, 500, 503])('stores nothing for a %i', async (status) => {
    const body = status === 304 ? null : '{}';
    expect(await stampedForCache(new Response(body, { status }), new Date())).toBeNull();
  });

  it('reads no time off a response from the network', () => {
    expect(cachedAtOf(new Response('{}'))).toBeNull();
  });
});

describe('the lists kept on the device', () => {
  it("are a list's detail, and nothing else of the API", () => {
    expect(isListDetailPath(`/api/checklists/${id}`)).toBe(true);
    expect(isListDetailPath(`/api/checklists/${id}/comments`)).toBe(false);
    expect(isListDetailPath(`/api/checklists/${id}/items/${id}/done`)).toBe(false);
    expect(isListDetailPath('/api/checklists/tags')).toBe(false);
    expect(isListDetailPath('/api/checklists')).toBe(false);
    expect(isListDetailPath('/api/auth/get-session')).toBe(false);
    expect(isListDetailPath('/api/accounts/me/offline-lists')).toBe(false);
  });

  it("are found from a list's page, its own or the dashboard's", () => {
    expect(listIdOfPage(`/checklist/${id}`)).toBe(id);
    expect(listIdOfPage(`/dashboard/lists/${id}`)).toBe(id);
    expect(listIdOfPage(`/checklist/${id}/print`)).toBeNull();
    expect(listIdOfPage('/browse')).toBeNull();
  });
});
