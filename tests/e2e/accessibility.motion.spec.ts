import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

test.describe('reduced motion', () => {
  /** Records, from before the first paint, every opacity the page's main region is rendered with. */
  const watchMainOpacity = (page: Page) =>
    page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { mainOpacities: string[] }).mainOpacities = seen;
      new MutationObserver(() => {
        const main = document.getElementById('main');
        if (main) seen.push(getComputedStyle(main).opacity);
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
    });
  const mainOpacities = (page: Page) =>
    page.evaluate(() => (window as unknown as { mainOpacities: string[] }).mainOpacities);

  test('pages fade in, unless the user prefers reduced motion', async ({ page }) => {
    // The suite runs with reduced motion (playwright.config.ts); this test is about both.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await watchMainOpacity(page);
    await page.goto('/about');
    await page.getByRole('link', { name: 'Browse' }).first().click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect.poll(async () => (await mainOpacities(page)).some((opacity) => Number(opacity) < 1)).toBe(true);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/about');
    await page.getByRole('link', { name: 'Browse' }).first().click();
    await expect(page.getByText(/^Showing \d+ of \d+ checklists/)).toBeVisible();
    const opacities = await mainOpacities(page);
    expect(opacities.length).toBeGreaterThan(0);
    expect(opacities.filter((opacity) => opacity !== '1')).toEqual([]);
  });

  test('finishing a list congratulates without confetti or sparkles', async ({ page, signInWithList }) => {
    const { list } = await signInWithList({ list: { title: 'Calm list', items: ['Only step'] } });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/checklist/${list.id}`);
    await page.getByRole('list', { name: 'Items' }).getByText('Only step', { exact: true }).click();
    await expect(page.getByText('Congratulations! All items completed!')).toBeVisible();
    await expect(page.getByText('1 of 1 completed')).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(0);
    await expect(page.getByText('✨')).toHaveCount(0);
  });
});
