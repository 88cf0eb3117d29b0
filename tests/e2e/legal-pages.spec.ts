import type { Page } from '@playwright/test';
import { legalDocuments } from '../../src/domain/legal/legal-pages';
import { axeEveryRoute, seriousViolations, settled } from './support/axe';
import { expect, test } from './support/fixtures';

// The Terms of Service and the Privacy Policy: reached from the sign-up form and the footer, each
// with its heading, date and sections, readable by everyone at every width.

const endsWith = (path: string) => new RegExp(`${path}(#.*)?$`);

/** How far the page scrolls sideways (0: it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the sign-up form’s Terms of Service and Privacy Policy open in a new tab and leave the form as it was', async ({
  page,
  context,
}) => {
  await page.goto('/signup');
  await page.getByLabel('Username').fill('legal_reader');
  const agreement = page.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' });
  await expect(agreement).toBeVisible();
  for (const document of legalDocuments) {
    const link = page.getByRole('link', { name: document.title });
    await expect(link).toHaveAttribute('href', document.path);
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(tab).toHaveURL(endsWith(document.path));
    await expect(tab.getByRole('heading', { level: 1, name: document.title })).toBeVisible();
    await tab.close();
  }
  // Following a link is not agreeing: the box stays unticked, and what was typed stays.
  await expect(agreement).not.toBeChecked();
  await expect(page.getByLabel('Username')).toHaveValue('legal_reader');
  await expect(page).toHaveURL(endsWith('/signup'));
  expect(await seriousViolations(page)).toEqual([]);
});

test('the footer’s Privacy and Terms lead to the pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  for (const [label, title] of [
    ['Privacy', 'Privacy Policy'],
    ['Terms', 'Terms of Service'],
  ] as const) {
    await footer.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveURL(endsWith(legalDocuments.find((document) => document.title === title)!.path));
    await expect(page).toHaveTitle(`${title} · Ticklist`);
  }
});

for (const document of legalDocuments) {
  test(`${document.title}: its heading, date, contents and sections, with no axe violation and nothing wider than 320 px`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto(document.path);
    await expect(page).toHaveTitle(`${document.title} · Ticklist`);
    await expect(page.getByRole('heading', { level: 1, name: document.title })).toBeVisible();
    await expect(page.getByText('Last updated 28 November 2026')).toBeVisible();
    const contents = page.getByRole('navigation', { name: 'On this page' });
    await expect(contents.getByRole('link')).toHaveText(document.sections.map((section) => section.heading));
    for (const section of document.sections) {
      const region = page.getByRole('region', { name: section.heading });
      await expect(region.getByRole('heading', { level: 2, name: section.heading })).toBeVisible();
    }

    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await settled(page);
      expect(await sidewaysOverflow(page), `${width} px`).toBe(0);
      if (width !== 320) {
        await page.screenshot({
          path: `test-results/screenshots/legal-${document.path.slice(1)}-${width}.png`,
          fullPage: true,
        });
      }
    }

    // A section reached from the contents starts below the site's sticky header, not under it.
    const middle = document.sections[2]!;
    await contents.getByRole('link', { name: middle.heading }).click();
    await expect(page).toHaveURL(endsWith(`${document.path}#${middle.id}`));
    const heading = page.getByRole('heading', { level: 2, name: middle.heading });
    await expect(heading).toBeInViewport();
    const header = (await page.getByRole('banner').boundingBox())!;
    const top = (await heading.boundingBox())!.y;
    expect(top).toBeGreaterThanOrEqual(header.y + header.height);
    expect(top).toBeLessThan(200);
    await axeEveryRoute(page, [document.path]);
  });
}

test('a signed-in reader opens both pages from the footer too', async ({ page, signIn, makeUser }) => {
  await signIn(await makeUser({ profileName: 'Legal Reader' }));
  await page.goto('/browse');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await footer.getByRole('link', { name: 'Terms', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await footer.getByRole('link', { name: 'Privacy', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('both pages show all their words, rendered by the server', async ({ page }) => {
    for (const document of legalDocuments) {
      await page.goto(document.path);
      await expect(page.getByRole('heading', { level: 1, name: document.title })).toBeVisible();
      for (const section of document.sections) {
        await expect(page.getByRole('heading', { level: 2, name: section.heading })).toBeVisible();
      }
    }
  });
});
