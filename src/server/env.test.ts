import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

const attempt = (source: Record<string, string>) => {
  try {
    return loadEnv(source);
  } catch (error) {
    return error as ConfigError;
  }
};

describe('configuration', () => {
  it('has working defaults for a laptop', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      port: 3000,
      baseUrl: 'http://localhost:3000',
      isHttps: false,
      databaseUrl: undefined,
      logLevel: 'info',
    });
    expect(env.dataDir.endsWith('/data')).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['BASE_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SMTP_URL', 'http://mail.example'],
    ['LOG_LEVEL', 'loud'],
    ['AUTH_SECRET', 'short'],
    ['MAIL_OUTBOX', 'yes'],
    ['SEED_DEMO', 'yes'],
    ['TRUSTED_PROXIES', '10.0.0.0/8, proxy.internal'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', '-2'],
    ['WEB_CONCURRENCY', '1.5'],
    ['WEB_CONCURRENCY', 'auto'],
    ['WEB_CONCURRENCY', '33'],
  ])('stops on a bad %s and names it', (name, value) => {
    const error = attempt({ [name]: value });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(name);
  });

  it('runs one app process per CPU unless WEB_CONCURRENCY says how many', () => {
    expect(loadEnv({}).webConcurrency).toBe(os.availableParallelism());
    expect(loadEnv({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(loadEnv({ WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
  });

  it('refuses a public BASE_URL without SMTP_URL, unless the outbox is allowed explicitly', () => {
    const error = attempt({ BASE_URL: 'https://ticklist.example' });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('SMTP_URL');
    expect(loadEnv({ BASE_URL: 'https://ticklist.example', MAIL_OUTBOX: 'allow' }).isHttps).toBe(true);
    expect(loadEnv({ BASE_URL: 'https://ticklist.example', SMTP_URL: 'smtp://mail.example:587' }).smtpUrl).toBe(
      'smtp://mail.example:587',
    );
  });

  it('seeds demo content only on the embedded database of a localhost site, unless configured otherwise', () => {
    const database = { DATABASE_URL: 'postgres://ticklist@db.example/ticklist' };
    const publicSite = { BASE_URL: 'https://ticklist.example', SMTP_URL: 'smtp://mail.example:587' };
    expect(loadEnv({}).shouldSeedDemo).toBe(true);
    expect(loadEnv(database).shouldSeedDemo).toBe(false);
    expect(loadEnv(publicSite).shouldSeedDemo).toBe(false);
    expect(loadEnv({ ...database, SEED_DEMO: '1' }).shouldSeedDemo).toBe(true);
    expect(loadEnv({ SEED_DEMO: '0' }).shouldSeedDemo).toBe(false);
  });

  it('refuses SEED_DEMO=1 on a public BASE_URL, naming both', () => {
    const error = attempt({ BASE_URL: 'https://ticklist.example', SMTP_URL: 'smtp://mail.example', SEED_DEMO: '1' });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/SEED_DEMO=1 .*BASE_URL \(https:\/\/ticklist\.example\)/);
  });

  it('has the outbox pages only on a loopback BASE_URL with the outbox, never with MAIL_OUTBOX=allow', () => {
    expect(loadEnv({}).hasDevMailbox).toBe(true);
    expect(loadEnv({ BASE_URL: 'http://127.0.0.1:3000' }).hasDevMailbox).toBe(true);
    expect(loadEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }).hasDevMailbox).toBe(false);
    expect(loadEnv({ MAIL_OUTBOX: 'allow' }).hasDevMailbox).toBe(false);
    expect(loadEnv({ BASE_URL: 'https://ticklist.example', MAIL_OUTBOX: 'allow' }).hasDevMailbox).toBe(false);
  });

  it('reads TRUSTED_PROXIES, and says which entry it could not read', () => {
    expect(loadEnv({ TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).trustedProxies.isEmpty).toBe(false);
    expect(loadEnv({}).trustedProxies.isEmpty).toBe(true);
    expect((attempt({ TRUSTED_PROXIES: '10.0.0.0/40' }) as ConfigError).message).toContain(
      'TRUSTED_PROXIES must be a comma-separated list of addresses or CIDR ranges such as 10.0.0.0/8, ::1 (could not read "10.0.0.0/40")',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadEnv({ SMTP_URL: '', PORT: '' }).port).toBe(3000);
  });
});
