import { readFileSync } from 'node:fs';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { hashPassword } from '../../../src/server/accounts/password-hash';
import { connectDatabase, type Database } from '../../../src/server/db/client';
import { userListGroups, userListMemberships } from '../../../src/server/db/schema';
import { createUser, makeChecklist, type ChecklistSeed, type CreatedUser } from '../../../src/server/seed/factories';
import type { Role } from '../../../src/domain/moderation/roles';
import { setRole } from '../../setup/moderation-cases';
import { E2E_BASE_URL, E2E_DATABASE_URL_FILE } from './paths';

/**
 * Each sign-in a fixture makes comes from an address of its own, through the loopback proxy the e2e
 * server trusts (serve.ts, TRUSTED_PROXIES), as a crowd of users would: the suite signs in more
 * often than the product lets one address do in 15 minutes (100).
 */
let signIns = 0;
export function nextUserAddress(): { 'x-forwarded-for': string } {
  signIns += 1;
  return { 'x-forwarded-for': `10.${100 + (process.pid % 100)}.${Math.floor(signIns / 250)}.${(signIns % 250) + 1}` };
}

/** The factory's overrides, and a role other than 'user' (a moderator, an admin) where a test needs one. */
type UserFields = Parameters<typeof createUser>[1] & { role?: Role };
type MadeList = Awaited<ReturnType<typeof makeChecklist>>;
/** What the signed-in user and their list are made with (the factories' overrides). */
type OwnerSeed = { user?: UserFields; list?: ChecklistSeed };

type WorkerFixtures = {
  db: Database;
  /** A confirmed user made directly in the database with the shared factory (also in `beforeAll`). */
  makeUser: (overrides?: UserFields) => Promise<CreatedUser>;
  /** A confirmed user with one list of their own, made in the database; nobody is signed in (also in `beforeAll`). */
  makeUserWithList: (seed?: OwnerSeed) => Promise<{ user: CreatedUser; list: MadeList }>;
  /** An HTTP client signed in as `user`, for making data the way a user would (also in `beforeAll`). */
  requestAs: (user: CreatedUser) => Promise<APIRequestContext>;
  /** A group `name` in `owner`'s List Library holding `lists` (none: an empty group), made in the database. */
  makeGroup: (owner: CreatedUser, name: string, lists?: { id: string }[]) => Promise<void>;
  /** `user` posts the comment `content` on the list `listId` over HTTP, as a reader would (also in `beforeAll`). */
  commentAs: (user: CreatedUser, listId: string, content: string) => Promise<void>;
};

type TestFixtures = {
  /** Signs the page's browser context in over HTTP (cookies shared with the page). */
  signIn: (user: CreatedUser) => Promise<void>;
  /** As makeUser, and signs the page in as that user. */
  signInAsNewUser: (overrides?: UserFields) => Promise<CreatedUser>;
  /** As makeUserWithList, and signs the page in as that user. */
  signInWithList: (seed?: OwnerSeed) => Promise<{ user: CreatedUser; list: MadeList }>;
  /**
   * As signInWithList, and a second new user, the fan, likes that list over HTTP: the signed-in user
   * has one unread notification.
   */
  signInWithLikedList: (
    seed?: OwnerSeed & { fan?: UserFields },
  ) => Promise<{ user: CreatedUser; list: MadeList; fan: CreatedUser }>;
  /**
   * Declares the console errors this test provokes on purpose, matched against
   * "<message> at <url>"; any other console error, and any uncaught page error, fails the test.
   */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  consoleWatch: { allowed: RegExp[]; errors: string[] };
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  db: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies by destructuring.
    async ({}, use) => {
      const db = connectDatabase(readFileSync(E2E_DATABASE_URL_FILE, 'utf8'), { max: 2 });
      await use(db);
      await db.$client.end();
    },
    { scope: 'worker' },
  ],
  makeUser: [
    async ({ db }, use) => {
      // Argon2 is slow on purpose; one hash per password and worker keeps each test's set-up short.
      const hashes = new Map<string, Promise<string>>();
      const hashOf = (password: string) => {
        if (!hashes.has(password)) hashes.set(password, hashPassword(password));
        return hashes.get(password)!;
      };
      await use(async ({ role, ...overrides } = {}) => {
        const password = overrides.password ?? 'correct-horse-battery';
        const user = await createUser(db, {
          ...overrides,
          password,
          passwordHash: overrides.passwordHash ?? (await hashOf(password)),
        });
        if (role) await setRole(db, user.id, role);
        return user;
      });
    },
    { scope: 'worker' },
  ],
  makeUserWithList: [
    async ({ db, makeUser }, use) => {
      await use(async (seed = {}) => {
        const user = await makeUser(seed.user);
        return { user, list: await makeChecklist(db, user.id, seed.list) };
      });
    },
    { scope: 'worker' },
  ],
  requestAs: [
    async ({ playwright }, use) => {
      const contexts: APIRequestContext[] = [];
      await use(async (user) => {
        const request = await playwright.request.newContext({
          baseURL: E2E_BASE_URL,
          extraHTTPHeaders: { origin: E2E_BASE_URL },
        });
        contexts.push(request);
        const response = await request.post('/api/auth/sign-in/email', {
          data: { email: user.email, password: user.password },
          headers: nextUserAddress(),
        });
        expect(response.status()).toBe(200);
        return request;
      });
      for (const request of contexts) await request.dispose();
    },
    { scope: 'worker' },
  ],
  makeGroup: [
    async ({ db }, use) => {
      await use(async (owner, name, lists = []) => {
        const [group] = await db.insert(userListGroups).values({ userId: owner.id, name }).returning();
        for (const list of lists) {
          await db
            .insert(userListMemberships)
            .values({ userId: owner.id, checklistId: list.id, listGroupId: group!.id });
        }
      });
    },
    { scope: 'worker' },
  ],
  commentAs: [
    async ({ requestAs }, use) => {
      await use(async (user, listId, content) => {
        const posted = await (await requestAs(user)).post(`/api/checklists/${listId}/comments`, { data: { content } });
        expect(posted.status()).toBe(201);
      });
    },
    { scope: 'worker' },
  ],
  signIn: async ({ page }, use) => {
    await use(async (user) => {
      const response = await page.request.post('/api/auth/sign-in/email', {
        data: { email: user.email, password: user.password, rememberMe: true },
        headers: { origin: E2E_BASE_URL, ...nextUserAddress() },
      });
      expect(response.status()).toBe(200);
    });
  },
  signInAsNewUser: async ({ makeUser, signIn }, use) => {
    await use(async (overrides) => {
      const user = await makeUser(overrides);
      await signIn(user);
      return user;
    });
  },
  signInWithList: async ({ makeUserWithList, signIn }, use) => {
    await use(async (seed) => {
      const made = await makeUserWithList(seed);
      await signIn(made.user);
      return made;
    });
  },
  signInWithLikedList: async ({ makeUser, requestAs, signInWithList }, use) => {
    await use(async ({ fan: fanFields, ...seed } = {}) => {
      const { user, list } = await signInWithList(seed);
      const fan = await makeUser(fanFields);
      expect((await (await requestAs(fan)).put(`/api/checklists/${list.id}/like`)).status()).toBe(200);
      return { user, list, fan };
    });
  },
  // eslint-disable-next-line no-empty-pattern -- as above.
  consoleWatch: [async ({}, use) => use({ allowed: [], errors: [] }), { box: true }],
  allowConsoleErrors: async ({ consoleWatch }, use) => {
    await use((...patterns) => consoleWatch.allowed.push(...patterns));
  },
  // STYLE.md habit 8: a test whose page logs an unexpected console error fails, in every spec.
  page: async ({ page, consoleWatch, javaScriptEnabled }, use) => {
    // A loaded page is used once the app has taken it over, as a person waits for it to respond: a
    // page the server rendered shows before its scripts run, and a click or a keystroke before then is
    // the browser's alone (root-layout.tsx sets data-app-ready). Pages that are not the app (a
    // feed, the dev mailbox) have no #root and are ready when loaded.
    if (javaScriptEnabled !== false) {
      for (const method of ['goto', 'reload'] as const) {
        const load = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
        page[method] = (async (...args: unknown[]) => {
          const response = await load(...args);
          const options = args.find((arg) => typeof arg === 'object' && arg !== null) as
            { waitUntil?: string } | undefined;
          if (options?.waitUntil !== 'commit' && page.url().startsWith(E2E_BASE_URL)) {
            await page.waitForFunction(
              () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
              undefined,
              { timeout: 10_000 },
            );
          }
          return response;
        }) as never;
      }
    }
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url } = message.location();
      consoleWatch.errors.push(url ? `${message.text()} at ${url}` : message.text());
    });
    // An uncaught exception is never expected, so no allowance covers it.
    page.on('pageerror', (error) => consoleWatch.errors.push(`uncaught: ${error.message}`));
    await use(page);
    const unexpected = consoleWatch.errors.filter(
      (error) => error.startsWith('uncaught: ') || !consoleWatch.allowed.some((pattern) => pattern.test(error)),
    );
    expect(unexpected, 'console errors this test did not declare with allowConsoleErrors()').toEqual([]);
  },
});

export { expect };

/**
 * The line Chromium logs for a request that got `status` (or failed, for 'failed'), on a path
 * that matches `path`: a narrow allowance for a test that asks for that response on purpose.
 */
export function failedRequest(status: number | 'failed', path: RegExp): RegExp {
  const message = status === 'failed' ? 'net::ERR_FAILED' : `the server responded with a status of ${status} `;
  return new RegExp(`^Failed to load resource: ${escapeRegExp(message)}.* at ${E2E_BASE_URL}${path.source}`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The newest link mailed to `to`, read from the local outbox. */
export async function lastMailedLink(request: APIRequestContext, to: string): Promise<string> {
  const mails = (await (await request.get('/dev/mailbox.json')).json()) as { to: string; text: string }[];
  const link = mails.find((mail) => mail.to === to.toLowerCase())?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail with a link to ${to}`);
  return link;
}

/**
 * Opens the select named `name` with the pointer. A click that lands before the page's script has
 * wired the trigger opens nothing (seen on a busy machine), so it clicks again until the list shows.
 */
export async function openSelect(page: Page, name: string): Promise<void> {
  const list = page.getByRole('listbox');
  await expect(async () => {
    if (!(await list.isVisible())) await page.getByRole('combobox', { name }).click();
    await expect(list).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Picks `option` in the select named `name` with the pointer. */
export async function chooseOption(page: Page, name: string, option: string): Promise<void> {
  await openSelect(page, name);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills the sign-in form on the open page (the login page, or a redirect to it) and submits it. */
export async function submitSignInForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * A full-page screenshot for looking at afterwards, taken again once when Chromium cannot capture
 * it ("Unable to capture screenshot", seen once on a tall page under load): the picture is for
 * people to look at, not what the test checks.
 */
export async function saveFullPageScreenshot(page: Page, path: string): Promise<void> {
  try {
    await page.screenshot({ path, fullPage: true });
  } catch (error) {
    if (!String(error).includes('Unable to capture screenshot')) throw error;
    await page.screenshot({ path, fullPage: true });
  }
}
