import { describe, expect, it } from 'vitest';
import { responseForDatabaseError, isDatabaseUnavailable } from './errors';

const drizzleError = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });

describe('database errors as responses', () => {
  it('turns races and unstorable text into 404, 503 and 400', () => {
    expect(responseForDatabaseError(drizzleError('23503'))?.status).toBe(404);
    expect(responseForDatabaseError(drizzleError('40P01'))?.status).toBe(503);
    expect(responseForDatabaseError({ code: '40001' })?.status).toBe(503);
    expect(responseForDatabaseError(drizzleError('22021'))?.status).toBe(400);
  });

  it('turns a cast of a request’s value that failed into 400 invalid_input', () => {
    for (const code of ['22007', '22008', '22P02', '22003', '22001'])
      expect(responseForDatabaseError(drizzleError(code))).toEqual({
        status: 400,
        body: { message: 'Invalid input.', code: 'invalid_input' },
      });
  });

  it('leaves the server’s own data exceptions (a division by zero) to be a 500', () => {
    expect(responseForDatabaseError(drizzleError('22012'))).toBeNull();
    expect(responseForDatabaseError(drizzleError('22023'))).toBeNull();
  });

  it('responds 503 with a Retry-After while the database is away, however the error is wrapped', () => {
    const away = [
      drizzleError('57P01'), // terminating connection due to administrator command / postmaster exit
      drizzleError('ECONNREFUSED'),
      drizzleError('08006'),
      { message: 'x', cause: { message: 'y', cause: { code: '57P03' } } },
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('Failed query'), { cause: new Error('timeout exceeded when trying to connect') }),
    ];
    for (const error of away) {
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(responseForDatabaseError(error)).toMatchObject({
        status: 503,
        body: { code: 'unavailable' },
        retryAfterS: 5,
      });
    }
  });

  it('leaves everything else to the generic 500', () => {
    expect(responseForDatabaseError(drizzleError('23505'))).toBeNull();
    expect(responseForDatabaseError(new Error('boom'))).toBeNull();
    expect(responseForDatabaseError(null)).toBeNull();
    expect(isDatabaseUnavailable(drizzleError('23505'))).toBe(false);
  });
});
