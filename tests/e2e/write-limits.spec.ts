import { sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { UNEXPECTED_MESSAGE } from '../../src/domain/api-error';
import { checklistActionMessages } from '../../src/domain/checklists/checklist-actions';
import { checklistMessages } from '../../src/domain/checklists/checklist-view';
import type { Database } from '../../src/server/db/client';
import { makeChecklist } from '../../src/server/seed/factories';
import { writeQuotaCounters, type WriteAction } from '../../src/server/security/rate-limit';
import { chooseOption, expect, failedRequest, test } from './support/fixtures';

// A write refused by its quota says how long to wait, instead of a generic failure; a refused
// save shows the server's words in the form as in the toast, and a failure without words the form's own.

/** Uses up the user's burst for `action` this minute, as if they had just made those writes. */
async function useUpBurst(db: Database, action: WriteAction, userId: string) {
  const [burst] = writeQuotaCounters(action, userId, '127.0.0.1');
  await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${burst!.key}, now(), ${burst!.rule.max})
    on conflict (key) do update set window_start = now(), count = ${burst!.rule.max}`);
}

type OverQuotaFixtures = {
  /**
   * Signs a reader in on someone else's list (titled `title`) with their burst for `action` used up,
   * and allows the console error of the refused request (`path`, under the list's API address).
   */
  openListOverQuota: (action: WriteAction, path: string, title?: string) => Promise<void>;
};

const quotaTest = test.extend<OverQuotaFixtures>({
  openListOverQuota: async ({ page, db, makeUser, signIn, allowConsoleErrors }, use) => {
    await use(async (action, path, title) => {
      allowConsoleErrors(failedRequest(429, new RegExp(`/api/checklists/[^/]+/${path}`)));
      const owner = await makeUser();
      const reader = await makeUser();
      const list = await makeChecklist(db, owner.id, { title });
      await useUpBurst(db, action, reader.id);
      await signIn(reader);
      await page.goto(`/checklist/${list.id}`);
    });
  },
});

quotaTest(
  'a reader who likes too often is asked to wait a minute, and the like is not counted',
  async ({ page, openListOverQuota }) => {
    await openListOverQuota('like', 'like', 'Too often');
    await page.getByRole('button', { name: 'Like, 0 likes' }).click();
    await expect(page.getByText("You're doing that too often. Try again in 1 minute.")).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Like, 0 likes' })).toBeVisible();
  },
);

quotaTest('a comment refused by its quota says so under the form', async ({ page, openListOverQuota }) => {
  await openListOverQuota('comment', 'comments');
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('One more');
  await page.getByRole('button', { name: 'Post' }).click();
  // Under the form, and once as a toast.
  await expect(page.getByText("You're doing that too often. Try again in 1 minute.")).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('One more');
});

const tooOften = "You're doing that too often. Try again in 1 minute.";

/** Where the toasts show. */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** Fills /create's form with a list that passes its checks. */
async function fillCreateForm(page: Page) {
  await page.getByLabel('Title').fill('One list too many');
  await page.getByLabel('Description').fill('Made a minute after five others.');
  await page.getByRole('textbox', { name: 'Item 1' }).fill('Wait a minute');
  await page.getByRole('textbox', { name: 'Tag 1' }).fill('patience');
  await chooseOption(page, 'Estimated time', '15 minutes');
}

quotaTest.describe('a list refused by the create quota says why, in the toast and in the form alike', () => {
  quotaTest.beforeEach(async ({ db, makeUser, signIn, allowConsoleErrors }) => {
    allowConsoleErrors(failedRequest(429, /\/api\/checklists$/));
    const author = await makeUser();
    await useUpBurst(db, 'createChecklist', author.id);
    await signIn(author);
  });

  quotaTest('on /create', async ({ page }) => {
    await page.goto('/create');
    await fillCreateForm(page);
    await page.getByRole('button', { name: 'Create Checklist' }).click();
    await expect(toasts(page).getByText(tooOften)).toBeVisible();
    // The form's own alert: the only one, as the form passed its checks.
    await expect(page.getByRole('alert')).toHaveText(tooOften);
    await expect(page).toHaveURL(/\/create$/);
  });

  quotaTest('on the dashboard’s create wizard', async ({ page }) => {
    await page.goto('/dashboard/create');
    await page.getByLabel('Title').fill('One list too many');
    await page.getByLabel('Description').fill('Made a minute after five others.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Item 1' }).fill('Wait a minute');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Tag 1' }).fill('patience');
    await chooseOption(page, 'Estimated time', '15 minutes');
    await page.getByRole('button', { name: 'Create Checklist' }).click();
    await expect(toasts(page).getByText(tooOften)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(tooOften);
  });
});

test('a refused edit says the server’s words; a create that gets none says "Failed to create checklist."', async ({
  page,
  signInWithList,
  requestAs,
  allowConsoleErrors,
}) => {
  const { user: owner, list } = await signInWithList({ list: { title: 'Soon gone', tags: ['gone'] } });
  allowConsoleErrors(
    failedRequest(404, new RegExp(`/api/checklists/${list.id}$`)),
    failedRequest(500, /\/api\/checklists$/),
    failedRequest('failed', /\/api\/checklists$/),
  );

  await test.step('an edit saved after the list was deleted elsewhere says the list is not found', async () => {
    await page.goto(`/edit-checklist/${list.id}`);
    await expect(page.getByLabel('Title')).toHaveValue('Soon gone');
    expect((await (await requestAs(owner)).delete(`/api/checklists/${list.id}`)).status()).toBe(200);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('alert')).toHaveText(checklistMessages.notFound);
  });

  await test.step('a create the server fails (500) or that never reaches it gets the form’s own words', async () => {
    await page.goto('/create');
    await fillCreateForm(page);
    const create = page.getByRole('button', { name: 'Create Checklist' });

    await page.route('**/api/checklists', (route) =>
      route.fulfill({ status: 500, json: { message: UNEXPECTED_MESSAGE, code: 'internal' } }),
    );
    await create.click();
    await expect(page.getByRole('alert')).toHaveText(checklistActionMessages.createFailed);

    await page.unroute('**/api/checklists');
    await page.route('**/api/checklists', (route) => route.abort('failed'));
    await Promise.all([page.waitForEvent('requestfailed'), create.click()]);
    await expect(page.getByRole('alert')).toHaveText(checklistActionMessages.createFailed);
    await expect(page).toHaveURL(/\/create$/);
  });
});
