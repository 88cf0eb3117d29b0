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
  ])('stops on a bad %s and names it', (name, value) => {
    const error = attempt({ [name]: value });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(name);
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

  it('treats an empty variable as unset', () => {
    expect(loadEnv({ SMTP_URL: '', PORT: '' }).port).toBe(3000);
  });
});
