import { expect, test } from './support/fixtures';

// Full-page pictures of the public pages for people to look at (test-results/, not committed).
const pages = [
  { path: '/', heading: /Checklists for/ },
  { path: '/about', heading: 'About Ticklist' },
  { path: '/login', heading: 'Welcome Back' },
  { path: '/signup', heading: 'Create Account' },
];

for (const width of [1280, 390]) {
  test(`the public pages render without errors at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    // Entrance animations would still be running when the picture is taken.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const entry of pages) {
      await page.goto(entry.path);
      await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
      const name = entry.path === '/' ? 'landing' : entry.path.slice(1);
      await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
    }
  });
}

test('a scroll-to-top button appears after 300 px and takes the reader back up', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Scroll to top' });
  // The landing page's screen loads as a chunk of its own: scroll once it is there and tall.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1_800);
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 250));
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});
