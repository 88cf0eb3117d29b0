import { expect, test } from './support/fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3).toString(36)}`.slice(-10);
const SHOTS = 'test-results/screenshots';

test('a user blocks another from their profile, stops seeing their comments, and unblocks from Settings', async ({
  page,
  makeUser,
  commentAs,
  signInWithList,
}) => {
  const { list } = await signInWithList({
    user: { username: `ann_${unique()}`, profileName: 'Ann Author' },
    list: { title: 'Ann’s garden list' },
  });
  const pest = await makeUser({ username: `pest_${unique()}`, profileName: 'Pat Pest', avatarUrl: '🦝' });
  const kind = await makeUser({ username: `kim_${unique()}`, profileName: 'Kim Kind' });
  for (const [user, content] of [
    [pest, 'A rude remark'],
    [kind, 'Lovely list'],
  ] as const) {
    await commentAs(user, list.id, content);
  }

  await test.step('both comments show before the block', async () => {
    await page.goto(`/checklist/${list.id}`);
    await expect(page.getByText('A rude remark')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Comments\s*\(2\)/ })).toBeVisible();
  });

  await test.step('Block on the profile asks first, saying what it does, then blocks', async () => {
    await page.goto(`/user/${pest.username}`);
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Block Pat Pest?' });
    await expect(dialog).toContainText('They will no longer be able to follow you, comment on your lists or like them');
    await expect(dialog).toContainText('They are not told that you blocked them.');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();
    // Someone blocked is not followed until unblocked.
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeHidden();
  });

  await test.step('their comment is gone from the list and its count; others stay', async () => {
    await page.goto(`/checklist/${list.id}`);
    await expect(page.getByText('Lovely list')).toBeVisible();
    await expect(page.getByText('A rude remark')).toBeHidden();
    await expect(page.getByRole('heading', { name: /Comments\s*\(1\)/ })).toBeVisible();
  });

  await test.step('Settings lists them, and Unblock brings their comments back', async () => {
    await page.goto('/me?tab=settings');
    const section = page.getByRole('list', { name: 'Blocked users' });
    await expect(section.getByRole('link', { name: 'Pat Pest' })).toBeVisible();
    await section.getByRole('button', { name: 'Unblock Pat Pest' }).click();
    await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
    await page.goto(`/checklist/${list.id}`);
    await expect(page.getByText('A rude remark')).toBeVisible();
  });
});

test('the blocked user is not told: the blocker’s profile offers Follow and Block as before', async ({
  page,
  makeUser,
  requestAs,
  signIn,
}) => {
  const ann = await makeUser({ username: `ann_${unique()}`, profileName: 'Ann Author' });
  const pest = await makeUser({ username: `pest_${unique()}`, profileName: 'Pat Pest' });
  expect((await (await requestAs(ann)).put(`/api/users/${pest.username}/block`)).status()).toBe(200);
  await signIn(pest);
  await page.goto(`/user/${ann.username}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ann Author' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
  await expect(page.getByText(/blocked/i)).toHaveCount(0);
});

for (const width of [1280, 390]) {
  test(`blocking screenshots at ${width} px`, async ({ page, makeUser, requestAs, signIn }) => {
    const viewer = await makeUser({ username: `viewer_${unique()}`, profileName: 'Vera Viewer' });
    const other = await makeUser({ username: `other_${unique()}`, profileName: 'Oscar Other', avatarUrl: '🦉' });
    const blocked = await makeUser({ username: `pest_${unique()}`, profileName: 'Pat Pest', avatarUrl: '🦝' });
    expect((await (await requestAs(viewer)).put(`/api/users/${blocked.username}/block`)).status()).toBe(200);
    await signIn(viewer);
    await page.setViewportSize({ width, height: 900 });

    await page.goto(`/user/${other.username}`);
    await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/block-profile-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/block-confirm-${width}.png` });
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/user/${blocked.username}`);
    await expect(page.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/block-profile-blocked-${width}.png`, fullPage: true });

    await page.goto('/me?tab=settings');
    const section = page.getByRole('list', { name: 'Blocked users' });
    await expect(section.getByRole('link', { name: 'Pat Pest' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/blocked-users-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
