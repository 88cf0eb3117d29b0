import type { Page } from '@playwright/test';
import { makeChecklist } from '../../src/server/seed/factories';
import { chooseOption, expect, saveFullPageScreenshot, test } from './support/fixtures';

// Decision 025: the landing page, a public list, a profile and Browse are readable without
// JavaScript; with it, the app takes the server's HTML over without a console error (the `page`
// fixture fails on any, a hydration mismatch among them) and without moving anything, then works.

/** Sums the page's layout shifts from its very start (buffered), as the browser reports them. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const seen = window as unknown as { layoutShift: number };
    seen.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) seen.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

/** Marks the window: a page reached by the app's own navigation still has the mark, a full load has not. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { mark: boolean }).mark = true));
const isMarked = (page: Page) => page.evaluate(() => (window as unknown as { mark?: boolean }).mark === true);

/** Elements of the main region, the region among them, that have a CSS entrance animation. */
const entranceAnimations = (page: Page) =>
  page.evaluate(
    () =>
      [document.querySelector('main'), ...document.querySelectorAll('main *')].filter(
        (element) => element && getComputedStyle(element).animationName === 'enter',
      ).length,
  );

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [1280, 390]) {
    test(`a public list, its author’s profile and Browse show their content at ${width} px`, async ({
      page,
      db,
      makeUser,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      // The pages' entrance animation would still be running when the pictures are taken.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const author = await makeUser({ profileName: 'Nora No-Script' });
      const title = `Readable without scripts at ${width}`;
      const tag = `no-script-${width}`;
      const list = await makeChecklist(db, author.id, {
        title,
        description: 'Every word arrives in the HTML.',
        items: ['Open the page', 'Read the items', 'Tick them later'],
        tags: [tag],
      });

      await page.goto(`/checklist/${list.id}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('Every word arrives in the HTML.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Nora No-Script' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: tag })).toBeVisible();
      const items = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
      await expect(items).toHaveText([/1\.\s*Open the page/, /2\.\s*Read the items/, /3\.\s*Tick them later/]);
      await saveFullPageScreenshot(page, `test-results/screenshots/ssr-list-no-js-${width}.png`);

      await page.goto(`/user/${author.username}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Nora No-Script' })).toBeVisible();
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await saveFullPageScreenshot(page, `test-results/screenshots/ssr-profile-no-js-${width}.png`);

      await page.goto(`/browse?tag=${tag}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Browse Checklists' })).toBeVisible();
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await saveFullPageScreenshot(page, `test-results/screenshots/ssr-browse-no-js-${width}.png`);
    });
  }
});

test.describe('with JavaScript', () => {
  // As a reader sees them by default: the entrance fades are part of what is measured.
  test.use({ reducedMotion: 'no-preference' });

  test('a public list is taken over without an error or a shift, then completes an item', async ({
    page,
    makeUserWithList,
  }) => {
    const { list } = await makeUserWithList({
      user: { profileName: 'Hugo Hydrate' },
      list: {
        title: 'Hydrated in place',
        description: 'Drawn by the server, then the app’s.',
        items: ['First thing', 'Second thing'],
        tags: ['hydration'],
      },
    });
    const layoutShift = await watchLayoutShifts(page);

    // The screen's chunk is asked for beside the app's entry, not after it, and both behind what
    // the first paint needs.
    const html = await (await page.request.get(`/checklist/${list.id}`)).text();
    expect(html).toMatch(
      /<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/checklist-detail-page-[^"]+\.js">/,
    );
    expect(html).toMatch(/<script type="module" fetchpriority="low" crossorigin src="\/assets\/index-[^"]+\.js">/);
    await page.goto(`/checklist/${list.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hydrated in place' })).toBeVisible();
    // A completion is the app's: the item is struck through and the progress counts it. (A click before
    // the app has taken over is the browser's alone, so it clicks again until the app responds.)
    const first = page.getByRole('checkbox', { name: 'First thing' });
    await expect(async () => {
      if (!(await first.isChecked())) await first.check({ force: true });
      await expect(page.getByText('First thing')).toHaveClass(/line-through/, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    expect(await layoutShift()).toBeLessThanOrEqual(0.01);
    await saveFullPageScreenshot(page, 'test-results/screenshots/ssr-list-hydrated-1280.png');
  });

  test('the landing page is taken over without an error or a shift; its links are then the app’s', async ({ page }) => {
    const layoutShift = await watchLayoutShifts(page);
    const html = await (await page.request.get('/')).text();
    expect(html).toMatch(
      /<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/landing-page-[^"]+\.js">/,
    );
    expect(html).toContain('Instant Discovery');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: /Checklists for/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await layoutShift()).toBeLessThanOrEqual(0.01);
    }
    // The page the server drew is there from the first paint: it does not fade in (its largest
    // text would otherwise be painted only when the fade ends); a page the app moves to does.
    expect(await entranceAnimations(page)).toBe(0);
    await markWindow(page);
    await page.getByRole('link', { name: 'About', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Ticklist' })).toBeVisible();
    expect(await isMarked(page)).toBe(true);
    await expect(page.locator('main#main')).toHaveClass(/animate-enter/);
  });

  test('a profile and Browse are taken over without an error or a shift; the app then navigates', async ({
    page,
    db,
    makeUser,
  }) => {
    const author = await makeUser({ profileName: 'Pia Profile' });
    await makeChecklist(db, author.id, { title: 'Profiled list', tags: ['hydrated-browse'] });
    await makeChecklist(db, author.id, { title: 'Second profiled list', tags: ['hydrated-browse'] });
    const layoutShift = await watchLayoutShifts(page);

    for (const [address, screen] of [
      [`/user/${author.username}`, 'profile-page'],
      ['/browse', 'browse-page'],
    ]) {
      const html = await (await page.request.get(address!)).text();
      expect(html).toMatch(
        new RegExp(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/${screen}-[^"]+\\.js">`),
      );
    }

    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`/user/${author.username}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pia Profile' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Second profiled list' })).toBeVisible();
    await saveFullPageScreenshot(page, 'test-results/screenshots/ssr-profile-hydrated-390.png');
    expect(await layoutShift()).toBeLessThanOrEqual(0.01);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/browse?tag=hydrated-browse');
    await expect(page.getByRole('heading', { name: 'Profiled list', exact: true })).toBeVisible();
    await saveFullPageScreenshot(page, 'test-results/screenshots/ssr-browse-hydrated-1280.png');
    expect(await layoutShift()).toBeLessThanOrEqual(0.01);
    // The order select is the app's (Radix, loaded after hydration); choosing moves the address
    // within the same page, which a full load would not keep the mark through.
    await markWindow(page);
    await chooseOption(page, 'Order by', 'Most Liked');
    await expect(page).toHaveURL(/order=most-liked/);
    expect(await isMarked(page)).toBe(true);
  });
});
