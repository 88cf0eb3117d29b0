import { readFileSync } from 'node:fs';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { connectDatabase, type Database } from '../../../src/server/db/client';
import { createUser, type CreatedUser } from '../../../src/server/seed/factories';
import { E2E_BASE_URL, E2E_DATABASE_URL_FILE } from './paths';

type Fixtures = {
  db: Database;
  /** A confirmed user made directly in the database with the shared factory. */
  makeUser: (overrides?: Parameters<typeof createUser>[1]) => Promise<CreatedUser>;
  /** Signs the page's browser context in over HTTP (cookies shared with the page). */
  signIn: (user: CreatedUser) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies by destructuring.
  db: async ({}, use) => {
    const db = connectDatabase(readFileSync(E2E_DATABASE_URL_FILE, 'utf8'), { max: 2 });
    await use(db);
    await db.$client.end();
  },
  makeUser: async ({ db }, use) => {
    await use((overrides) => createUser(db, overrides));
  },
  signIn: async ({ page }, use) => {
    await use(async (user) => {
      const response = await page.request.post('/api/auth/sign-in/email', {
        data: { email: user.email, password: user.password, rememberMe: true },
        headers: { origin: E2E_BASE_URL },
      });
      expect(response.status()).toBe(200);
    });
  },
});

export { expect };

/** The newest link mailed to `to`, read from the local outbox. */
export async function lastMailedLink(request: APIRequestContext, to: string): Promise<string> {
  const mails = (await (await request.get('/dev/mailbox.json')).json()) as { to: string; text: string }[];
  const link = mails.find((mail) => mail.to === to.toLowerCase())?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail with a link to ${to}`);
  return link;
}

/** Fails the test on any console error the page logs (STYLE.md habit 8). */
export function failOnConsoleErrors(page: Page, allowed: RegExp[] = []) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !allowed.some((pattern) => pattern.test(message.text())))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return () => expect(errors, 'console errors').toEqual([]);
}
