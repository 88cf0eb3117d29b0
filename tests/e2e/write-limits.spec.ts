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

test('a reader who likes too often is asked to wait a minute, and the like is not counted', async ({
  page,
  db,
  makeUser,
  signIn,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(failedRequest(429, /\/api\/checklists\/[^/]+\/like/));
  const owner = await makeUser();
  const reader = await makeUser();
  const list = await makeChecklist(db, owner.id, { title: 'Too often' });
  await useUpBurst(db, 'like', reader.id);
  await signIn(reader);
  await page.goto(`/checklist/${list.id}`);
  await page.getByRole('button', { name: 'Like, 0 likes' }).click();
  await expect(page.getByText("You're doing that too often. Try again in 1 minute.")).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Like, 0 likes' })).toBeVisible();
});

test('a comment refused by its quota says so under the form', async ({
  page,
  db,
  makeUser,
  signIn,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(failedRequest(429, /\/api\/checklists\/[^/]+\/comments/));
  const owner = await makeUser();
  const reader = await makeUser();
  const list = await makeChecklist(db, owner.id);
  await useUpBurst(db, 'comment', reader.id);
  await signIn(reader);
  await page.goto(`/checklist/${list.id}`);
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('One more');
  await page.getByRole('button', { name: 'Post' }).click();
  // Under the form, and once as a toast.
  await expect(page.getByText("You're doing that too often. Try again in 1 minute.")).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('One more');
});
