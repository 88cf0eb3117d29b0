import { describe, expect, it } from 'vitest';
import { answerForDatabaseError } from './errors';

const drizzleError = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });

describe('database errors as answers', () => {
  it('turns races and unstorable text into 404, 503 and 400', () => {
    expect(answerForDatabaseError(drizzleError('23503'))?.status).toBe(404);
    expect(answerForDatabaseError(drizzleError('40P01'))?.status).toBe(503);
    expect(answerForDatabaseError({ code: '40001' })?.status).toBe(503);
    expect(answerForDatabaseError(drizzleError('22021'))?.status).toBe(400);
  });

  it('leaves everything else to the generic 500', () => {
    expect(answerForDatabaseError(drizzleError('23505'))).toBeNull();
    expect(answerForDatabaseError(new Error('boom'))).toBeNull();
    expect(answerForDatabaseError(null)).toBeNull();
  });
});
