import { describe, expect, it } from 'vitest';
import { apiErrorSchema, UNEXPECTED_MESSAGE } from '@/domain/api-error';
import { readErrorBody } from './api';

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
