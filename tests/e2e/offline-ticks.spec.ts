import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { offlineMessages, queueMessages } from '../../src/domain/offline-messages';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

// Working without a connection: ticks made offline wait on the device, in its IndexedDB, and reach
// the server once the connection returns; the header says so; writes that need the network, and
// Browse, say plainly that they do.

const SHOTS = '/tmp/shots-queue52';
const ITEMS = ['Passport', 'Tickets', 'Charger', 'Headphones', 'Snacks', 'Water bottle'];

const items = (page: Page) => page.getByRole('list', { name: 'Items' });
const tick = (page: Page, content: string) => items(page).getByText(content, { exact: true }).click();
const offlineStatus = (page: Page) => page.getByRole('banner').getByRole('status', { name: queueMessages.label });

/**
 * The live notifications go on trying their stream, and reading the unread count when it fails,
 * while offline; the browser logs each failure: the console errors going offline brings.
 */
const NOTIFICATIONS_OFFLINE =
  /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED at .*\/api\/notifications\/(stream|unread-count)$/;

/**
 * Offline, a page keeps what it has loaded: a signed-in page's account controls, and the code it
 * loads once its first load is over (the toaster, its menus), are in before it goes.
 */
async function goOffline(page: Page, context: BrowserContext) {
  await expect(page.getByRole('banner').getByRole('status', { name: 'Loading your account' })).toHaveCount(0);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-first-load-over'));
  await context.setOffline(true);
}

/** Waits until the app has taken the page over, as the `page` fixture does after goto. */
const appReady = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));

/**
 * Opens a list as a signed-in user and waits until the queue's code is in: it loads once the page is
 * idle, and offline the browser could not fetch it (the service worker's cache, which would serve it
 * then, is not part of this test).
 */
async function openList(page: Page, id: string) {
  await openSignedIn(page, `/checklist/${id}`);
}

/** Opens a page as a signed-in user, and waits until the queue's code is in (see openList). */
async function openSignedIn(page: Page, path: string) {
  const queueLoaded = page.waitForResponse(/\/assets\/queued-progress-[^/]*\.js$/);
  await page.goto(path);
  await queueLoaded;
}

/** How many of the list's items the server has as completed by the user `api` is signed in as. */
async function completedOnServer(api: APIRequestContext, listId: string): Promise<number> {
  const detail = (await (await api.get(`/api/checklists/${listId}`)).json()) as {
    viewer: { completedItemIds: string[] };
  };
  return detail.viewer.completedItemIds.length;
}

async function screenshotHeader(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

test('ticks made offline are kept on the device through a closed tab and saved once online', async ({
  page,
  allowConsoleErrors,
  context,
  signInWithList,
  requestAs,
}) => {
  allowConsoleErrors(NOTIFICATIONS_OFFLINE);
  const { user, list } = await signInWithList({ list: { title: 'Flight bag', items: ITEMS } });
  const api = await requestAs(user);
  const serverCompleted = () => completedOnServer(api, list.id);
  await openList(page, list.id);
  await expect(page.getByText('0 of 6 completed')).toBeVisible();

  await test.step('offline, the header says so, and each tick shows at once and waits', async () => {
    await goOffline(page, context);
    await expect(offlineStatus(page)).toHaveText(queueMessages.offline);
    await screenshotHeader(page, 'offline');

    for (const item of ITEMS.slice(0, 3)) await tick(page, item);
    await expect(page.getByText('3 of 6 completed')).toBeVisible();
    await expect(offlineStatus(page)).toContainText(queueMessages.changesWaiting(3));
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotHeader(page, 'offline-3-waiting');

    for (const item of ITEMS.slice(3, 5)) await tick(page, item);
    await expect(page.getByText('5 of 6 completed')).toBeVisible();
    await expect(offlineStatus(page)).toHaveText(`${queueMessages.offline}${queueMessages.changesWaiting(5)}`);
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(5);
    await page.screenshot({ path: `${SHOTS}/list-offline-5-waiting-1280.png`, fullPage: true });
    expect(await serverCompleted()).toBe(0);
  });

  let tabErrors: string[] = [];
  await test.step('the tab closed offline, a new one online sends the five in order', async () => {
    await page.close();
    await context.setOffline(false);
    const { page: next, errors } = await openWatched(context);
    tabErrors = errors;
    await next.goto(`/checklist/${list.id}`);
    await appReady(next);
    await expect.poll(serverCompleted).toBe(5);
    await expect(next.getByText('5 of 6 completed')).toBeVisible();
    await expect(offlineStatus(next)).toHaveText('');
  });

  await test.step('a Start again made offline closes the open run once it is sent', async () => {
    // The five reached the server from this tab: its queue's code is in. Online first, a Start again
    // and a tick bring in the code of the confirmation and of the History, which load when first
    // wanted (offline, the service worker serves them).
    const next = context.pages()[0]!;
    const dialog = next.getByRole('alertdialog', { name: 'Start this list again?' });
    const startAgain = async () => {
      await next.getByRole('button', { name: 'Start again' }).click();
      await dialog.getByRole('button', { name: 'Start again' }).click();
      await expect(dialog).toBeHidden();
    };
    await startAgain();
    await expect(next.getByRole('button', { name: 'History' })).toBeVisible();
    await tick(next, 'Passport');
    await expect.poll(serverCompleted).toBe(1);

    await goOffline(next, context);
    await startAgain();
    await expect(next.getByText('0 of 6 completed')).toBeVisible();
    await expect(offlineStatus(next)).toContainText(queueMessages.changesWaiting(1));

    await context.setOffline(false);
    await expect(offlineStatus(next)).toHaveText('');
    const detail = (await (await api.get(`/api/checklists/${list.id}`)).json()) as {
      viewer: { completedItemIds: string[]; runs: { closed: number } };
    };
    expect(detail.viewer.completedItemIds).toEqual([]);
    expect(detail.viewer.runs.closed).toBe(2);
    // The list's read after the online tick may still be on its way when the connection goes.
    const listRead = new RegExp(
      `^Failed to load resource: net::ERR_INTERNET_DISCONNECTED at .*/api/checklists/${list.id}$`,
    );
    const unexpected = tabErrors.filter((error) => !NOTIFICATIONS_OFFLINE.test(error) && !listRead.test(error));
    expect(unexpected, 'console errors on the new tab').toEqual([]);
  });
});

test('an edit saved offline keeps what was typed and says it needs a connection', async ({
  page,
  context,
  signInWithList,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(NOTIFICATIONS_OFFLINE);
  const { list } = await signInWithList({ list: { title: 'Garage clear-out' } });
  await openSignedIn(page, `/edit-checklist/${list.id}`);
  await page.getByLabel('Title').fill('Garage and loft clear-out');
  await goOffline(page, context);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: offlineMessages.writeNeedsConnection })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Garage and loft clear-out');
  await expect(page).toHaveURL(new RegExp(`/edit-checklist/${list.id}$`));

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/checklist/${list.id}$`));
  await expect(page.getByRole('heading', { name: 'Garage and loft clear-out' })).toBeVisible();
});

test('a tick and an untick online are saved at once, and the header shows nothing', async ({
  page,
  signInWithList,
  requestAs,
}) => {
  const { user, list } = await signInWithList({ list: { title: 'Desk', items: ['Lamp', 'Plant', 'Mug'] } });
  const api = await requestAs(user);
  await openList(page, list.id);
  await tick(page, 'Lamp');
  await tick(page, 'Plant');
  await tick(page, 'Lamp');
  await expect(page.getByText('1 of 3 completed')).toBeVisible();
  await expect
    .poll(async () => {
      const detail = (await (await api.get(`/api/checklists/${list.id}`)).json()) as {
        items: { id: string; content: string }[];
        viewer: { completedItemIds: string[] };
      };
      return detail.items
        .filter((item) => detail.viewer.completedItemIds.includes(item.id))
        .map((item) => item.content);
    })
    .toEqual(['Plant']);
  await expect(offlineStatus(page)).toHaveText('');
});

test('offline, a comment keeps its text and says it needs a connection, and Browse says it needs one', async ({
  page,
  allowConsoleErrors,
  context,
  makeUserWithList,
  signIn,
  makeUser,
}) => {
  allowConsoleErrors(NOTIFICATIONS_OFFLINE);
  const { list } = await makeUserWithList({ list: { title: 'Camp kitchen' } });
  await signIn(await makeUser());
  // At a phone's width from the start: a toast keeps the place it took when the window is resized.
  await page.setViewportSize({ width: 390, height: 800 });
  await openList(page, list.id);

  await test.step('a comment posted offline stays in its box, with the message', async () => {
    const box = page.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('Bring a second pot.');
    await goOffline(page, context);
    await page.getByRole('button', { name: 'Post' }).click();
    const form = page.locator('form').filter({ has: box });
    await expect(form.getByText(offlineMessages.writeNeedsConnection)).toBeVisible();
    await expect(box).toHaveValue('Bring a second pot.');
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/comment-offline-390.png` });

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Post' }).click();
    await expect(box).toHaveValue('');
    await expect(page.getByRole('region', { name: /Comments/ }).getByText('Bring a second pot.')).toBeVisible();
  });

  await test.step('Browse offline says it needs a connection where its results would be', async () => {
    await page.goto('/browse');
    await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeVisible();
    await goOffline(page, context);
    await expect(page.getByRole('status').filter({ hasText: offlineMessages.browseNeedsConnection })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/browse-offline-390.png` });
    await context.setOffline(false);
    await expect(page.getByText(offlineMessages.browseNeedsConnection)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeVisible();
  });
});

/** A new page of the context whose console errors fail the test, as the `page` fixture's do. */
async function openWatched(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    errors.push(url ? `${message.text()} at ${url}` : message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { page, errors };
}

test.describe('with the app’s service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a saved list opened offline after a reload takes five ticks, which survive a closed tab and are saved online', async ({
    page,
    context,
    signInWithList,
    requestAs,
    allowConsoleErrors,
  }) => {
    test.setTimeout(120_000);
    // Offline, every request the worker cannot answer fails, and Chromium logs each.
    allowConsoleErrors(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
    const { user, list } = await signInWithList({ list: { title: 'Hospital corridor', items: ITEMS } });
    const api = await requestAs(user);
    const serverCompleted = () => completedOnServer(api, list.id);
    await page.goto(`/checklist/${list.id}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    // The user's own lists are fetched ahead after sign-in, through the worker, which keeps them.
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await caches.open('ticklist-lists')).keys()).map((request) => new URL(request.url).pathname),
          ),
        { timeout: 15_000 },
      )
      .toContain(`/api/checklists/${list.id}`);

    await test.step('offline, the reloaded list takes five ticks, each waiting on the device', async () => {
      // (A page that the worker serves while Chromium emulates no network reads navigator.onLine as
      // true: the header's "Offline" is not asked for here, and the page's attempts to send fail.)
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Hospital corridor' })).toBeVisible();
      for (const item of ITEMS.slice(0, 5)) await tick(page, item);
      await expect(page.getByText('5 of 6 completed')).toBeVisible();
      await expect(offlineStatus(page)).toContainText(queueMessages.changesWaiting(5));
      expect(await serverCompleted()).toBe(0);
    });

    await test.step('the tab closed and opened again, still offline, shows the five from the device', async () => {
      await page.close();
      const { page: next, errors } = await openWatched(context);
      await next.goto(`/checklist/${list.id}`);
      await appReady(next);
      await expect(next.getByText('5 of 6 completed')).toBeVisible();
      await expect(offlineStatus(next)).toContainText(queueMessages.changesWaiting(5));

      // Sent at the page's next attempt, which comes sooner than a minute after its failed ones.
      await context.setOffline(false);
      await expect.poll(serverCompleted, { timeout: 60_000 }).toBe(5);
      await expect(offlineStatus(next)).toHaveText('');
      await expect(next.getByText('5 of 6 completed')).toBeVisible();
      const unexpected = errors.filter(
        (error) => !error.startsWith('Failed to load resource: net::ERR_INTERNET_DISCONNECTED'),
      );
      expect(unexpected, 'console errors on the new tab').toEqual([]);
    });
  });
});
