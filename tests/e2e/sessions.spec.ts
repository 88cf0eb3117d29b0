import { describeDevice } from '../../src/domain/accounts/sessions';
import { expect, test } from './support/fixtures';
import { E2E_BASE_URL } from './support/paths';

// The Sessions section in Settings.

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('Settings lists the signed-in devices, and “Sign out everywhere else” ends the others', async ({
  page,
  playwright,
  makeUser,
  signIn,
}) => {
  const user = await makeUser();
  const phone = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    userAgent: SAFARI_IPHONE,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
  expect(
    (await phone.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  await signIn(user);

  await page.goto('/me?tab=settings');
  const list = page.getByRole('list', { name: 'Sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const thisDevice = list.getByRole('listitem').filter({ hasText: 'This device' });
  // Named from the browser's own user agent, in plain words ("Chrome on Windows" for Playwright's desktop Chrome).
  await expect(thisDevice).toContainText(describeDevice(await page.evaluate(() => navigator.userAgent)));
  await expect(thisDevice).toContainText('Last seen');
  await expect(list.getByRole('listitem').filter({ hasText: 'Safari on iPhone' })).not.toContainText('This device');

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out of 1 other device.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('This device');
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

  expect((await phone.get('/api/accounts/me')).status()).toBe(401);
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await phone.dispose();
});
