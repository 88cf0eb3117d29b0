import { E2E_BASE_URL } from './support/paths';
import { expect, test } from './support/fixtures';

test('the bell: empty at first, then a like and a comment raise it without a reload; opening one marks it read', async ({
  page,
  playwright,
  makeUser,
  signInWithList,
}) => {
  const { list } = await signInWithList({ list: { title: 'Bell list' } });
  const fan = await makeUser({ profileName: 'Bea Fan' });
  await page.goto('/about');
  const bell = page.getByRole('button', { name: /notifications?$/i }).first();

  await test.step('the bell says so when there is nothing yet', async () => {
    await expect(bell).toHaveAccessibleName('Notifications');
    await bell.click();
    await expect(page.getByText('No notifications yet.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('No notifications yet.')).toBeHidden();
  });

  await test.step('a like and a comment raise the author’s bell without a reload; opening one marks it read', async () => {
    const asFan = await playwright.request.newContext({
      baseURL: E2E_BASE_URL,
      extraHTTPHeaders: { origin: E2E_BASE_URL },
    });
    expect(
      (await asFan.post('/api/auth/sign-in/email', { data: { email: fan.email, password: fan.password } })).status(),
    ).toBe(200);
    expect((await asFan.put(`/api/checklists/${list.id}/like`)).status()).toBe(200);
    expect((await asFan.post(`/api/checklists/${list.id}/comments`, { data: { content: 'Lovely' } })).status()).toBe(
      201,
    );

    await expect(bell).toHaveAccessibleName('2 unread notifications');
    await bell.click();
    const items = page.getByRole('list', { name: 'Notifications' }).getByRole('button');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Bea Fan commented on “Bell list”');
    await expect(items.nth(1)).toContainText('Bea Fan liked “Bell list”');
    await expect(items.first()).toContainText('New');
    await items.first().click();
    await expect(page).toHaveURL(new RegExp(`/checklist/${list.id}$`));
    await expect(bell).toHaveAccessibleName('1 unread notification');
    await asFan.dispose();
  });
});
