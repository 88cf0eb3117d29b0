import { sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { reportMessages } from '../../src/domain/moderation/reports';
import { collectViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/** Where the toasts show. */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test.describe('reporting', () => {
  test('a user reports a list and a comment, and sees the thanks', async ({
    page,
    db,
    makeUserWithList,
    commentAs,
    signInAsNewUser,
  }) => {
    const { user: author, list } = await makeUserWithList({
      user: { profileName: 'Spammy Author' },
      list: { title: 'Reported deals' },
    });
    await commentAs(author, list.id, 'Visit my shop');
    const reader = await signInAsNewUser();
    const { found, check } = collectViolations(page);

    await page.goto(`/checklist/${list.id}`);
    await page.getByRole('button', { name: 'Report this list' }).click();
    const dialog = page.getByRole('dialog', { name: reportMessages.dialogTitle });
    await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeVisible();
    await check('report dialog');

    // Without a reason the form asks for one and sends nothing.
    await dialog.getByRole('button', { name: reportMessages.send }).click();
    await expect(dialog.getByRole('alert')).toHaveText(reportMessages.reasonRequired);
    await dialog.getByRole('radio', { name: 'Spam' }).click();
    await dialog.getByLabel(reportMessages.noteLabel).fill('Nothing but ads');
    await expect(dialog.getByText(reportMessages.noteCounter('Nothing but ads'.length))).toBeVisible();
    await dialog.getByRole('button', { name: reportMessages.send }).click();
    await expect(toasts(page).getByText(reportMessages.thanks)).toBeVisible();
    await expect(dialog).toBeHidden();
    // Focus goes back to the button that opened it.
    await expect(page.getByRole('button', { name: 'Report this list' })).toBeFocused();

    await page.getByRole('button', { name: 'Report this comment' }).click();
    await dialog.getByRole('radio', { name: 'Harassment or hate' }).click();
    await dialog.getByRole('button', { name: reportMessages.send }).click();
    await expect(toasts(page).getByText(reportMessages.thanks).first()).toBeVisible();
    await expect(dialog).toBeHidden();

    const reports = await db.execute<{ target_type: string; reason: string; note: string }>(sql`
      select mc.target_type, r.reason, r.note from reports r join moderation_cases mc on mc.id = r.case_id
      where r.reporter_id = ${reader.id} order by mc.target_type`);
    expect(reports.rows).toEqual([
      { target_type: 'checklist', reason: 'spam', note: 'Nothing but ads' },
      { target_type: 'comment', reason: 'harassment', note: '' },
    ]);
    expect(found).toEqual([]);
  });

  test('a user reports a profile; the dialog fits a 320 px screen', async ({ page, makeUser, signInAsNewUser }) => {
    const troll = await makeUser({ profileName: 'Troll Account' });
    await signInAsNewUser();
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`/user/${troll.username}`);
    await page.getByRole('button', { name: 'Report this profile' }).click();
    const dialog = page.getByRole('dialog', { name: reportMessages.dialogTitle });
    await dialog.getByRole('radio', { name: 'Other' }).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(320);
    await dialog.getByRole('button', { name: reportMessages.send }).click();
    await expect(toasts(page).getByText(reportMessages.thanks)).toBeVisible();
  });

  test('the author, and a visitor, see no Report', async ({ page, makeUserWithList, commentAs, signIn }) => {
    const { user: author, list } = await makeUserWithList({ list: { title: 'Own list' } });
    await commentAs(author, list.id, 'Mine');

    await page.goto(`/checklist/${list.id}`);
    await expect(page.getByText('Mine')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Report/ })).toHaveCount(0);

    await signIn(author);
    await page.goto(`/checklist/${list.id}`);
    // Signed in: the comment's own actions are there, and still no Report.
    await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Report/ })).toHaveCount(0);
    await page.goto(`/user/${author.username}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Report/ })).toHaveCount(0);
  });
});
