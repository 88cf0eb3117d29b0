import { makeChecklist } from '../../src/server/seed/factories';
import { expect, failedRequest, test } from './support/fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3).toString(36)}`.slice(-10);

test('B follows A from A’s profile, and A’s follower dialog lists B', async ({ page, db, makeUser, signIn }) => {
  const a = await makeUser({ username: `ann_${unique()}`, profileName: 'Ann Author', avatarUrl: '🦊' });
  const b = await makeUser({ username: `ben_${unique()}`, profileName: 'Ben Reader' });
  await makeChecklist(db, a.id, { title: 'Ann’s public list' });
  await makeChecklist(db, a.id, { title: 'Ann’s private list', isPublic: false });

  await signIn(b);
  await page.goto(`/user/${a.username.toUpperCase()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ann Author' })).toBeVisible();
  await expect(page.getByText(`@${a.username}`).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Public Checklists' })).toBeVisible();
  await expect(page.getByText('Ann’s public list')).toBeVisible();
  await expect(page.getByText('Ann’s private list')).toBeHidden();

  await expect(page.getByRole('button', { name: /0\s+followers/ })).toBeVisible();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unfollow', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /1\s+follower$/ })).toBeVisible();

  await page.getByRole('button', { name: /1\s+follower$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Followers' });
  await expect(dialog.getByRole('link', { name: 'Ben Reader' })).toBeVisible();
});

// What a visitor sees of profiles that are not there or not open, a step each on one page.
test('a visitor: an unknown user is not found, a private profile shows little, and feeds are announced', async ({
  page,
  makeUser,
  allowConsoleErrors,
}) => {
  const username = `nobody_${unique()}`;
  allowConsoleErrors(failedRequest(404, new RegExp(`/api/users/${username}$`))); // the response the test asks for

  await test.step('an unknown user is not found', async () => {
    await page.goto(`/user/${username}`);
    await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
  });

  await test.step('a private profile shows only the avatar and the username', async () => {
    const quiet = await makeUser({ username: `quiet_${unique()}`, profileName: 'Hidden Name', isPublic: false });
    await page.goto(`/user/${quiet.username}`);
    await expect(page.getByText('This profile is private.')).toBeVisible();
    await expect(page.getByText('Hidden Name')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Public Checklists' })).toBeHidden();
  });

  await test.step('a public profile and a tag in Browse announce their Atom feeds; a private profile none', async () => {
    const open = await makeUser({ username: `feed_${unique()}` });
    const shy = await makeUser({ username: `shy_${unique()}`, isPublic: false });
    const feedLinks = page.locator('head link[rel="alternate"][type="application/atom+xml"]');

    await page.goto(`/user/${open.username}`);
    await expect(page.getByText(`@${open.username}`).first()).toBeVisible();
    await expect(feedLinks.and(page.locator(`[href="/feeds/user/${open.username}.atom"]`))).toHaveCount(1);
    await expect(feedLinks.and(page.locator('[href="/feeds/newest.atom"]'))).toHaveCount(1); // index.html's

    await page.goto(`/user/${shy.username}`);
    await expect(page.getByText('This profile is private.')).toBeVisible();
    await expect(feedLinks.and(page.locator('[href^="/feeds/user/"]'))).toHaveCount(0);

    await page.goto('/browse?tag=moving%20house');
    await expect(feedLinks.and(page.locator('[href="/feeds/tag/moving%20house.atom"]'))).toHaveCount(1);
  });
});

for (const width of [1280, 390]) {
  test(`profile screenshot at ${width} px`, async ({ page, db, makeUser }) => {
    const user = await makeUser({ username: `shot_${unique()}`, profileName: 'Pat Planner', avatarUrl: '🦉' });
    await makeChecklist(db, user.id, {
      title: 'Packing for a week away',
      description: 'Everything for seven days with a carry-on.',
    });
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/user/${user.username}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pat Planner' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/profile-${width}.png`, fullPage: true });
  });
}
