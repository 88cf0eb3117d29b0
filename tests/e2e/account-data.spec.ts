import { readFile } from 'node:fs/promises';
import { expect, failedRequest, submitSignInForm, test } from './support/fixtures';

// The user's own data, from Settings (decision 013).

test('“Download my data” saves a JSON file that holds the user’s list', async ({ page, signInWithList }) => {
  const { user } = await signInWithList({
    user: { profileName: 'Dana Download' },
    list: { title: 'Garden in spring', items: ['Sow peas'] },
  });
  await page.goto('/me?tab=settings');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^ticklist-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    profile: { username: string };
    checklists: { title: string; items: { kind: string; content: string; note: string }[] }[];
  };
  expect(data.profile.username).toBe(user.username);
  expect(data.checklists).toEqual([
    expect.objectContaining({ title: 'Garden in spring', items: [{ kind: 'item', content: 'Sow peas', note: '' }] }),
  ]);
});

test('“Delete my account” asks for the password in its dialog; afterwards the user cannot sign in again', async ({
  page,
  signInWithList,
  allowConsoleErrors,
}) => {
  const { user } = await signInWithList({ user: { profileName: 'Lee Leaving' }, list: { title: 'Last list' } });
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();

  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('Your private lists');
  await expect(dialog).toContainText('Your follows and followers');
  await dialog.getByRole('radio', { name: /Keep them as “Deleted user”/ }).click();

  // A wrong password is refused in the dialog, and nothing happens.
  allowConsoleErrors(
    failedRequest(400, /\/api\/accounts\/me\/delete/),
    failedRequest(401, /\/api\/auth\/sign-in\/email/),
  );
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your current password is incorrect.');

  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();

  await page.goto('/login');
  await submitSignInForm(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText(/Invalid email or password/);
});

for (const width of [1280, 390]) {
  test(`pictures of Settings’ “Your data” and the delete dialog at ${width} px`, async ({ page, makeUser, signIn }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(await makeUser({ profileName: 'Pat Picture' }));
    await page.goto('/me?tab=settings');
    await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/settings-your-data-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/delete-account-dialog-${width}.png` });
  });
}
