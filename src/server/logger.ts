import pino, { type Logger } from 'pino';
import { databaseErrorCode, isDatabaseUnavailable } from './db/errors';
import type { Env } from './env';

export type { Logger };

// Secrets never reach the log, wherever a caller puts them (pino's redaction by path).
const REDACTED_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'cookie',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.cookie',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.params',
];

/**
 * A failed query's error repeats its parameters in its message and stack (Drizzle writes
 * "Failed query: …\nparams: …"), where redaction by path cannot reach them: they are cut there.
 */
export function withoutQueryParameters(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');
}

function serializeError(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  if (typeof serialized.message === 'string') serialized.message = withoutQueryParameters(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = withoutQueryParameters(serialized.stack);
  return serialized;
}

export function createLogger(env: Pick<Env, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  const options = {
    level: env.logLevel,
    base: undefined,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * What may be logged of an error from a library (Better Auth, pg): its message and SQLSTATE,
 * never the object itself, whose failed query carries its parameters (a session token, an e-mail).
 */
export function describeError(error: unknown): { message: string; code?: string } | string {
  if (!(error instanceof Error)) return typeof error;
  const code = databaseErrorCode(error);
  const message = withoutQueryParameters(error.message);
  return code ? { message, code } : { message };
}

/** Better Auth's logger, on ours: errors described, not dumped; a database that is away is a warning. */
export function authLogger(logger: Logger) {
  return {
    log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => {
      const isUnavailable = args.some((arg) => isDatabaseUnavailable(arg));
      const details = args.map(describeError);
      if (isUnavailable) logger.warn({ details }, `auth: ${message} (database unavailable)`);
      else logger[level]({ details }, `auth: ${message}`);
    },
  };
}
