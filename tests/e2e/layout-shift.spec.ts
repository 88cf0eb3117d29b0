import type { Page } from '@playwright/test';
import { checklistTickStats } from '../../src/server/db/schema';
import { expect, test } from './support/fixtures';

// Nothing on a public page moves once it is painted (Lighthouse's CLS at most 0.1). The
// page's chunk, then its data, arrive after the first paint: the footer used to be pushed down by
// them, and Browse's tag chips pushed its results down. Layout shifts are summed as Lighthouse does
// (without those right after an input), from the first paint until the page has settled.

declare global {
  interface Window {
    layoutShift: number;
  }
}

/** From the document's start: the sum of the layout shifts not caused by an input. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Once the page shows `ready` and asks for nothing more, how much it moved on the way. */
async function layoutShiftOf(page: Page) {
  await page.waitForLoadState('networkidle');
  // One more frame, so a shift caused by the last response is observed.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => window.layoutShift);
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px a public page does not move after its first paint`, () => {
    // As a reader sees them by default, fades and all (the suite itself runs with reduced motion).
    test.use({ reducedMotion: 'no-preference' });
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
      await watchLayoutShifts(page);
    });

    test('the landing page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await layoutShiftOf(page)).toBeLessThanOrEqual(0.1);
    });

    test('Browse, its tag chips and results', async ({ page }) => {
      await page.goto('/browse');
      await expect(page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ checklists/ })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Filter by tag' })).toBeVisible();
      expect(await layoutShiftOf(page)).toBeLessThanOrEqual(0.1);
    });

    test('a checklist', async ({ page, makeUserWithList }) => {
      const { list } = await makeUserWithList({ list: { title: 'Shift-free packing' } });
      await page.goto(`/checklist/${list.id}`);
      await expect(page.getByRole('heading', { name: 'Shift-free packing' })).toBeVisible();
      expect(await layoutShiftOf(page)).toBeLessThanOrEqual(0.1);
    });

    // What people tick arrives with the list, so its lines never push the items once painted.
    test('a checklist with what people really tick', async ({ page, db, makeUserWithList }) => {
      const { list } = await makeUserWithList({ list: { title: 'Shift-free shares' } });
      const shares = Object.fromEntries(list.items.map((item, index) => [item.id, 90 - index * 35]));
      await db
        .insert(checklistTickStats)
        .values({ checklistId: list.id, people: 12, shares, completedRuns: 6, usualSeconds: 900 });
      await page.goto(`/checklist/${list.id}`);
      await expect(page.getByText('often skipped')).toBeVisible();
      expect(await layoutShiftOf(page)).toBeLessThanOrEqual(0.1);
    });

    // The banner of changes to review arrives after the list, with no place kept for it.
    test('the owner’s clone, whose original changed', async ({ page, makeUser, requestAs, signIn }) => {
      const [author, cloner] = [await makeUser(), await makeUser()];
      const asAuthor = await requestAs(author);
      const fields = { title: 'Shift-free original', description: 'A night out', tags: [], estimatedTime: '1 hour' };
      const made = await asAuthor.post('/api/checklists', { data: { ...fields, difficulty: 'easy', items: ['Tent'] } });
      const original = ((await made.json()) as { id: string }).id;
      const clone = await (await requestAs(cloner)).post(`/api/checklists/${original}/clone`);
      const { id } = (await clone.json()) as { id: string };
      const edited = await asAuthor.put(`/api/checklists/${original}`, {
        data: { ...fields, difficulty: 'easy', items: ['Tent', 'Pegs'] },
      });
      expect(edited.status()).toBe(200);
      await signIn(cloner);
      await page.goto(`/checklist/${id}`);
      await expect(page.getByRole('link', { name: 'Review' })).toBeVisible();
      expect(await layoutShiftOf(page)).toBeLessThanOrEqual(0.1);
    });
  });
}
