import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { pwaMessages } from '../../src/domain/offline';
import { offlineMessages } from '../../src/domain/offline-messages';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

// The installed app: its manifest and service worker, lists kept on the device and shown without a
// connection, the device cleared on sign-out, and a new version offered, never swapped in.
test.use({ serviceWorkers: 'allow' });

const SHOTS = '/tmp/shots-pwa52';

/** Waits until the service worker controls the page (the first one takes open pages at once). */
async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** The API addresses of the list details kept on the device. */
function keptLists(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('ticklist-lists'))) return [];
    const cache = await caches.open('ticklist-lists');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

/** What Chromium logs for requests that find no network once the browser is offline. */
function allowOfflineFailures(allow: (...patterns: RegExp[]) => void) {
  allow(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
}

test('the app is installable: its manifest, icons and service worker', async ({ request }, testInfo) => {
  // Chromium offers no installation in an incognito window, which every new context is: a profile
  // of its own, as a person's browser has.
  const profile = mkdtempSync(path.join(tmpdir(), 'ticklist-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: testInfo.project.use.baseURL,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await controlledByWorker(page);

  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(await manifest.json()).toMatchObject({
    name: 'Ticklist',
    short_name: 'Ticklist',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#ffffff',
    icons: expect.arrayContaining([
      expect.objectContaining({ src: '/icon-192.png', sizes: '192x192' }),
      expect.objectContaining({ src: '/icon-512.png', sizes: '512x512', purpose: 'any' }),
      expect.objectContaining({ src: '/icon-maskable-512.png', sizes: '512x512', purpose: 'maskable' }),
    ]),
  });
  for (const icon of ['/icon-192.png', '/icon-512.png', '/icon-maskable-512.png', '/apple-touch-icon.png']) {
    const response = await request.get(icon);
    expect([icon, response.status(), response.headers()['content-type']]).toEqual([icon, 200, 'image/png']);
  }
  // Checked afresh at every visit, so a new version is found at once.
  expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveAttribute(
    'content',
    '#020617',
  );

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('a visitor reopens a list they read, offline, with a notice that it is the copy on the device', async ({
  page,
  context,
  makeUserWithList,
  allowConsoleErrors,
}) => {
  allowOfflineFailures(allowConsoleErrors);
  const { list } = await makeUserWithList({
    list: { title: 'Campsite packing', items: ['Tent pegs', 'Head torch', 'Water filter'] },
  });
  // Rendered by the server: the page's data did not come through the worker, which then fetches it.
  await page.goto(`/checklist/${list.id}`);
  await controlledByWorker(page);
  await expect.poll(() => keptLists(page)).toEqual([`/api/checklists/${list.id}`]);

  // Reopened later: the browser's own short-lived copy of the response (30 s for a visitor) is gone.
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Campsite packing' })).toBeVisible();
  await expect(page.getByText('Head torch')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: pwaMessages.copyFromDevice('just now') })).toBeVisible();
  // The comments were never kept on this device: once asking for them fails, they say they need
  // the connection (the page's worker-served copy reads navigator.onLine as true in this emulation).
  await expect(page.getByText(offlineMessages.commentsNeedConnection)).toBeVisible({ timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/list-from-device-${width}.png`, fullPage: true });
  }
  // A visitor's ticks are kept in the browser, as online.
  await page.getByRole('list', { name: 'Items' }).getByText('Tent pegs', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Tent pegs' })).toBeChecked();
});

test("a signed-in user's saved list is on the device before they ever open it", async ({
  page,
  context,
  makeUserWithList,
  makeUser,
  signIn,
  requestAs,
  allowConsoleErrors,
}) => {
  allowOfflineFailures(allowConsoleErrors);
  const { list } = await makeUserWithList({
    list: { title: 'Moving day basement', items: ['Label boxes', 'Fuse box'] },
  });
  const user = await makeUser();
  expect((await (await requestAs(user)).put(`/api/library/saved/${list.id}`)).status()).toBe(200);
  await signIn(user);

  await page.goto('/browse');
  await controlledByWorker(page);
  // Fetched ahead after the sign-in, through the worker.
  await expect.poll(() => keptLists(page), { timeout: 15_000 }).toContain(`/api/checklists/${list.id}`);

  await context.setOffline(true);
  await page.goto(`/checklist/${list.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Moving day basement' })).toBeVisible();
  await expect(page.getByText('Fuse box')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /^You’re offline\. This is a copy saved on this device/ }),
  ).toBeVisible();
});

test("signing out removes the user's lists and queued changes from the device", async ({ page, signInWithList }) => {
  const { user, list } = await signInWithList({ list: { title: 'Hospital bag' } });
  await page.goto(`/checklist/${list.id}`);
  await controlledByWorker(page);
  await expect.poll(() => keptLists(page)).toContain(`/api/checklists/${list.id}`);
  // The queue's database, as the tick queue leaves it with a change waiting.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('ticklist-offline', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('ticks', { keyPath: 'id' }).put({ id: 'waiting' });
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
        open.onerror = () => reject(new Error('not opened'));
      }),
  );
  const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
  expect(await databases()).toContain('ticklist-offline');

  await page.getByRole('button', { name: `Hi, ${user.username}!` }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  expect(await page.evaluate(() => caches.keys())).not.toContain('ticklist-lists');
  expect(await databases()).not.toContain('ticklist-offline');
});

test('a new version of the app is offered with Reload, and Reload brings it in', async ({ page }) => {
  // On a phone's width, where an installed app lives (a toast placed at one width keeps its place
  // when the window is resized, so the screenshot is taken at the width the page opened with).
  await page.setViewportSize({ width: 390, height: 720 });
  await page.goto('/');
  await controlledByWorker(page);

  // A second version of the worker, as a deploy would bring: it also answers which version it is.
  const workerFile = path.resolve('dist/client/sw.js');
  const original = readFileSync(workerFile);
  const revised = Buffer.concat([
    original,
    Buffer.from(
      "\nself.addEventListener('message', (event) => { if (event.data === 'version?') event.ports[0].postMessage('revised'); });\n",
    ),
  ]);
  const copies = { '': revised, '.br': brotliCompressSync(revised), '.gz': gzipSync(revised) };
  const originals = Object.fromEntries(
    Object.keys(copies).map((suffix) => [suffix, readFileSync(workerFile + suffix)]),
  );
  try {
    for (const [suffix, content] of Object.entries(copies)) writeFileSync(workerFile + suffix, content);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const offer = page.getByRole('listitem').filter({ hasText: pwaMessages.updateReady });
    await expect(offer).toBeVisible();
    // Nothing is swapped in meanwhile: the page stays with the version it loaded.
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting !== null))).toBe(
      true,
    );
    await page.screenshot({ path: `${SHOTS}/update-offer-390.png` });

    const reloaded = page.waitForEvent('load');
    await offer.getByRole('button', { name: pwaMessages.reload }).click();
    await reloaded;
    await controlledByWorker(page);
    const version = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(String(event.data));
          navigator.serviceWorker.controller!.postMessage('version?', [channel.port2]);
        }),
    );
    expect(version).toBe('revised');
    await expect(page.getByText(pwaMessages.updateReady)).toHaveCount(0);
  } finally {
    for (const [suffix, content] of Object.entries(originals)) writeFileSync(workerFile + suffix, content);
  }
});
