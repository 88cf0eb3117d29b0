import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { authLogger, createLogger } from './logger';

function capture(make = (stream: Writable) => pino({ level: 'debug' }, stream)) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: make(stream), lines };
}

/** A failed query as Drizzle reports it: its message and stack name the parameters. */
const failedQuery = (code: string) =>
  new DrizzleQueryError(
    'select * from "sessions" where token = $1 and email = $2',
    ['secret-session-token', 'owner@example.test\nsecond line'],
    Object.assign(new Error('terminating connection'), { code }),
  );

describe('the auth logger', () => {
  it('logs what failed, never the failed query’s parameters', () => {
    const { logger, lines } = capture();
    authLogger(logger).log('error', 'INTERNAL_SERVER_ERROR', failedQuery('23505'));
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).not.toContain('secret-session-token');
    expect(lines[0]).toMatchObject({ level: 50, msg: 'auth: INTERNAL_SERVER_ERROR', details: [{ code: '23505' }] });
  });

  it('reports a database that is away as a warning', () => {
    const { logger, lines } = capture();
    authLogger(logger).log('error', 'INTERNAL_SERVER_ERROR', failedQuery('57P01'));
    expect(lines[0]).toMatchObject({ level: 40, msg: 'auth: INTERNAL_SERVER_ERROR (database unavailable)' });
    expect(JSON.stringify(lines[0])).not.toContain('secret-session-token');
  });
});

describe('the app logger', () => {
  it('redacts passwords, tokens, cookies and a failed query’s parameters wherever they appear', () => {
    const { logger, lines } = capture((stream) => createLogger({ logLevel: 'info' }, stream));
    logger.error({ err: failedQuery('23505') }, 'unhandled error');
    logger.info({ body: { password: 'hunter22', token: 'abc' }, req: { headers: { cookie: 'session=xyz' } } }, 'x');
    const text = JSON.stringify(lines);
    for (const secret of [
      'secret-session-token',
      'owner@example.test',
      'second line',
      'hunter22',
      '"abc"',
      'session=xyz',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
    // What failed is still there: the statement and where it was called from.
    expect(lines[0]).toMatchObject({ err: { message: expect.stringContaining('select * from "sessions"') } });
    expect((lines[0]!.err as { stack: string }).stack).toMatch(/\n\s+at /);
  });
});
