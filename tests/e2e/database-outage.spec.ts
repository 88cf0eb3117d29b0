import type { Page } from '@playwright/test';
import { expect, failedRequest, test } from './support/fixtures';
import { E2E_CONTROL_PORT } from './support/paths';

// The database really stops here (serve.ts stops the embedded PostgreSQL cleanly and starts it
// again on the same port), so this file runs alone, after every other test (its own project in
// playwright.config.ts): any other page open meanwhile would see the outage too.

async function database(action: 'stop' | 'start') {
  const response = await fetch(`http://127.0.0.1:${E2E_CONTROL_PORT}/database/${action}`, { method: 'POST' });
  expect(response.status, `database ${action}`).toBe(204);
}

test.afterEach(async () => {
  await database('start'); // whatever happened in the test, the database is back for the next one
});

const bellOf = (page: Page) => page.getByRole('button', { name: /notifications?$/i }).first();

test('while the database is stopped the pages say so and offer Try again; once it is back they load and live notifications arrive again', async ({
  page,
  browser,
  makeUser,
  signInWithList,
  requestAs,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(failedRequest(503, /\/api\//));
  const { list } = await signInWithList({ user: { profileName: 'Dana Downtime' }, list: { title: 'Outage list' } });
  const fan = await makeUser();
  await page.goto('/about');
  await expect(bellOf(page)).toHaveAccessibleName('Notifications');

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const visitorErrors: string[] = [];
  visitor.on('console', (message) => {
    if (message.type() === 'error' && !/status of 503/.test(message.text())) visitorErrors.push(message.text());
  });

  await database('stop');

  // A visitor's Browse shows its error state: at an address no earlier test has opened, since a
  // visitor's page drawn in the last 10 s is served as it was drawn (decision 029).
  await visitor.goto('/browse?q=outage');
  await expect(visitor.getByText('Failed to load checklists. Please try again later.')).toBeVisible({
    timeout: 15_000,
  });
  // A signed-in user's page cannot check the session: it says so, and does not sign the user out.
  const signedIn = await page.context().newPage();
  await signedIn.goto('/dashboard');
  await expect(signedIn.getByText('Ticklist is briefly unavailable. Please try again in a moment.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(signedIn).toHaveURL(/\/dashboard$/);

  await database('start');

  await visitor.getByRole('button', { name: 'Try again' }).click();
  await expect(visitor.getByText(/^Showing \d+ of \d+ checklists/)).toBeVisible();
  await signedIn.getByRole('button', { name: 'Try again' }).click();
  await expect(signedIn.getByRole('heading', { name: 'Welcome back, Dana Downtime!' })).toBeVisible();

  // The page opened before the outage was never reloaded: its event stream reconnects and the
  // server listens again, so a like made now still rings the bell.
  const asFan = await requestAs(fan);
  expect((await asFan.put(`/api/checklists/${list.id}/like`)).status()).toBe(200);
  await expect(bellOf(page)).toHaveAccessibleName('1 unread notification', { timeout: 15_000 });

  expect(visitorErrors).toEqual([]);
  await visitorContext.close();
});
