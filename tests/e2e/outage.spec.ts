import { expect, failedRequest, test } from './support/fixtures';

// While the service cannot reach its database, the API responds 503 `unavailable` (the process
// tests in tests/api/server-process.test.ts stop a real database under a running server). Here
// the browser gets those responses, and the screens must say so and offer "Try again".
const unavailable = { status: 503, headers: { 'retry-after': '5' }, json: { message: 'x', code: 'unavailable' } };

test('a signed-in page whose session cannot be checked offers Try again instead of the sign-in page, and recovers', async ({
  page,
  makeUser,
  signIn,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(failedRequest(503, /\/api\/auth\/get-session/));
  await signIn(await makeUser({ profileName: 'Olive Outage' }));
  await page.route('**/api/auth/get-session*', (route) =>
    route.fulfill({ ...unavailable, json: { ...unavailable.json, message: 'Ticklist is briefly unavailable.' } }),
  );
  await page.goto('/dashboard');
  await expect(page.getByText('Ticklist is briefly unavailable. Please try again in a moment.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/); // not sent to /login: the user is not signed out

  await page.unroute('**/api/auth/get-session*');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Olive Outage!' })).toBeVisible();
});

test('Browse shows its error state while the API is unavailable, and loads once it is back', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(failedRequest(503, /\/api\/checklists\?/));
  await page.route('**/api/checklists?*', (route) => route.fulfill(unavailable));
  // From another page: /browse itself arrives rendered by the server, its first page already loaded.
  await page.goto('/about');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse' }).click();
  await expect(page.getByText('Failed to load checklists. Please try again later.')).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/checklists?*');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText(/^Showing \d+ of [\d,]+ checklists/)).toBeVisible();
});
