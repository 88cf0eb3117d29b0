import { Writable } from 'node:stream';
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

const failedQuery = (code: string) =>
  Object.assign(new Error('Failed query: select * from sessions where token = $1'), {
    query: 'select * from "sessions" where token = $1',
    params: ['secret-session-token'],
    cause: Object.assign(new Error('terminating connection'), { code }),
  });

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
    for (const secret of ['secret-session-token', 'hunter22', '"abc"', 'session=xyz'])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});
