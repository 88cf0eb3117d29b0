import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies, type TrustedProxies } from './trusted-proxies';

// The only reader of process.env (enforced by lint). Every value is validated here, and a bad
// one stops start-up with a message that names the variable.

/** The most app processes WEB_CONCURRENCY may ask for. */
export const MAX_WEB_CONCURRENCY = 32;

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const urlWith = (protocols: string[], hint: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, hint);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  BASE_URL: urlWith(['http:', 'https:'], 'must be an http(s) URL such as https://ticklist.example').optional(),
  DATABASE_URL: urlWith(['postgres:', 'postgresql:'], 'must be a postgres:// URL').optional(),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('data'),
  SMTP_URL: urlWith(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, 'must be an address such as "Ticklist <hello@ticklist.example>"')
    .default('Ticklist <no-reply@ticklist.local>'),
  MAIL_OUTBOX: z.enum(['allow'], { error: 'may only be "allow"' }).optional(),
  SEED_DEMO: z.enum(['0', '1'], { error: 'may only be 1 (seed the demo content) or 0 (do not)' }).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number of app processes, such as 2' })
    .int('must be a whole number of app processes, such as 2')
    .min(1, 'must be at least 1')
    // Each process keeps its own pool of database connections: a typo such as 200 would exhaust them.
    .max(MAX_WEB_CONCURRENCY, `must be at most ${MAX_WEB_CONCURRENCY}`)
    .optional(),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .superRefine((value, context) => {
      const { invalid } = parseTrustedProxies(value);
      if (invalid.length > 0)
        context.addIssue({
          code: 'custom',
          message: `must be a comma-separated list of addresses or CIDR ranges such as 10.0.0.0/8, ::1 (could not read ${invalid.map((entry) => `"${entry}"`).join(', ')})`,
        });
    }),
});

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  baseUrl: string;
  isHttps: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The local outbox's pages (/dev/mailbox) are mounted: see hasDevMailbox(). */
  hasDevMailbox: boolean;
  /** The demo users and their lists are seeded into an empty database: see loadEnv(). */
  shouldSeedDemo: boolean;
  /** BASE_URL is localhost or a loopback address: a developer's machine, not a public site. */
  isLocalOrigin: boolean;
  authSecret: string | undefined;
  logLevel: (typeof logLevels)[number];
  /** The proxies whose X-Forwarded-For is believed (security/client-address.ts); empty: none. */
  trustedProxies: TrustedProxies;
  /** How many app processes serve HTTP on PORT; 1 is a single process, more a cluster (decision 023). */
  webConcurrency: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const isLocalHost = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * The outbox's pages show confirmation and reset links, so they exist only on a developer's
 * machine: mail kept in the outbox (no SMTP_URL), a loopback BASE_URL, and never when the operator
 * kept the outbox on purpose for another origin (MAIL_OUTBOX=allow).
 */
export function hasDevMailbox(config: {
  baseUrl: string;
  smtpUrl?: string | undefined;
  mailOutbox?: 'allow';
}): boolean {
  return !config.smtpUrl && config.mailOutbox !== 'allow' && isLocalHost(new URL(config.baseUrl));
}

/** Reads and checks the configuration. Throws ConfigError naming the variable on bad input. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (`SMTP_URL=`) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  const baseUrl = new URL(env.BASE_URL ?? `http://localhost:${env.PORT}`);
  // A public deployment with no SMTP would put confirmation and reset links in a readable
  // outbox; refuse unless the operator says so explicitly.
  if (!env.SMTP_URL && !isLocalHost(baseUrl) && env.MAIL_OUTBOX !== 'allow') {
    throw new ConfigError(
      `Invalid configuration:\n  SMTP_URL is required when BASE_URL (${baseUrl.origin}) is not localhost; ` +
        'set SMTP_URL, or MAIL_OUTBOX=allow to keep mail in the local outbox.',
    );
  }
  const isLocalOrigin = isLocalHost(baseUrl);
  // The demo users share a published password: never on a public origin.
  if (env.SEED_DEMO === '1' && !isLocalOrigin) {
    throw new ConfigError(
      `Invalid configuration:\n  SEED_DEMO=1 is refused when BASE_URL (${baseUrl.origin}) is not localhost: ` +
        'the demo accounts share a published password.',
    );
  }
  // `npm install && npm start` opens on demo content; a database of one's own (DATABASE_URL) or a
  // public origin gets none unless asked for with SEED_DEMO=1.
  const shouldSeedDemo = env.SEED_DEMO ? env.SEED_DEMO === '1' : !env.DATABASE_URL && isLocalOrigin;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    baseUrl: baseUrl.origin,
    isHttps: baseUrl.protocol === 'https:',
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    hasDevMailbox: hasDevMailbox({ baseUrl: baseUrl.origin, smtpUrl: env.SMTP_URL, mailOutbox: env.MAIL_OUTBOX }),
    shouldSeedDemo,
    isLocalOrigin,
    authSecret: env.AUTH_SECRET,
    logLevel: env.LOG_LEVEL,
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    webConcurrency: env.WEB_CONCURRENCY ?? Math.min(os.availableParallelism(), MAX_WEB_CONCURRENCY),
  };
}

/** AUTH_SECRET, or one generated once and kept in the data directory so sessions survive restarts. */
export function resolveAuthSecret(env: Env): string {
  if (env.authSecret) return env.authSecret;
  const file = path.join(env.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** Test-only settings the test harness passes through the environment. */
export function readTestDatabaseUrl(source: Record<string, string | undefined> = process.env): string | undefined {
  return source.TEST_DATABASE_URL || undefined;
}
