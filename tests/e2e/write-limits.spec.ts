import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { makeChecklist } from '../../src/server/seed/factories';
import { writeQuotaCounters, type WriteAction } from '../../src/server/security/rate-limit';
import { expect, failedRequest, test } from './support/fixtures';

// A write refused by its quota says how long to wait, instead of a generic failure.

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
