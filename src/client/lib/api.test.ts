import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, UNEXPECTED_MESSAGE } from '@/domain/api-error';
import { offlineMessages } from '@/domain/offline-messages';
import { ApiError, apiRequest, errorMessage, isOfflineFailure, readErrorBody, sendApiRequestsWith } from './api';

describe('readErrorBody', () => {
  // The same responses as apiErrorSchema gives, whose parse it replaces in the browser (zod stays out of
  // a page's first load).
  const bodies: unknown[] = [
    { message: 'Title is required.' },
    { message: 'Weak', code: 'weak_password', fieldErrors: { password: 'Too short' }, reasons: ['short'] },
    { message: 'Extra fields are dropped', detail: 'x' },
    { message: 'A code that is not text', code: 42 },
    { message: 'Field errors that are not text', fieldErrors: { title: 1 } },
    { message: 'Field errors that are a list', fieldErrors: ['title'] },
    { message: 'Reasons that are not a list', reasons: 'short' },
    { code: 'no_message' },
    { message: 7 },
    'Bad Gateway',
    null,
    [],
  ];

  it('reads an error response as apiErrorSchema does, with the generic message for anything else', () => {
    for (const body of bodies) {
      const parsed = apiErrorSchema.safeParse(body);
      const expected = parsed.success ? parsed.data : { message: UNEXPECTED_MESSAGE };
      expect(readErrorBody(body), JSON.stringify(body)).toEqual(expected);
    }
  });
});

describe('errorMessage', () => {
  const fallback = 'Failed to create checklist.';

  it('shows the server’s words for a refusal that has them', () => {
    const refusals = [
      new ApiError(400, { message: 'Title is required.', fieldErrors: { title: 'Title is required.' } }),
      new ApiError(403, { message: 'You can only modify your own checklists' }),
      new ApiError(404, { message: 'Not found', code: 'not_found' }),
      new ApiError(429, { message: "You're doing that too often. Try again in 1 minute." }),
      new ApiError(503, { message: 'Ticklist is briefly unavailable. Please try again in a moment.' }),
    ];
    for (const refusal of refusals) expect(errorMessage(refusal, fallback)).toBe(refusal.body.message);
  });

  it('shows the fallback for a failure with no words of its own', () => {
    expect(errorMessage(new ApiError(500, { message: UNEXPECTED_MESSAGE, code: 'internal' }), fallback)).toBe(fallback);
    expect(errorMessage(new ApiError(502, readErrorBody('Bad Gateway')), fallback)).toBe(fallback);
    expect(errorMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });

  it('falls back to the generic message when the screen has none of its own', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(UNEXPECTED_MESSAGE);
  });
});

describe('a request while the browser is offline', () => {
  const sent: string[] = [];
  sendApiRequestsWith(async (path) => {
    sent.push(path);
    return new Response(JSON.stringify({ ok: true }), { status: 200 });
  });
  afterEach(() => {
    sent.length = 0;
    vi.unstubAllGlobals();
  });

  it('fails a write before sending it, with the words that say it needs a connection', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const failure = await apiRequest('/api/checklists/1/comments', { method: 'POST', body: {} }).catch((e) => e);
    expect(isOfflineFailure(failure)).toBe(true);
    expect(errorMessage(failure, 'Failed to post comment.')).toBe(offlineMessages.writeNeedsConnection);
    expect(sent).toEqual([]);
  });

  it('still sends a read (the service worker may answer it), and a write once online', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await apiRequest('/api/checklists/1');
    vi.stubGlobal('navigator', { onLine: true });
    await apiRequest('/api/checklists/1/like', { method: 'PUT' });
    expect(sent).toEqual(['/api/checklists/1', '/api/checklists/1/like']);
  });
});
