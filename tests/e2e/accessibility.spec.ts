import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { makeChecklist } from '../../src/server/seed/factories';
import { expect, test } from './support/fixtures';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Serious and critical violations on the page as it stands, by rule and target, for a readable failure. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_AA)
    // Experimental in axe, so not in the tags above; WCAG 2.5.3 "label in name" is A all the same.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.failureSummary ?? ''}`),
    );
}

test('the detail, create, badges and activity pages and the bell pass axe (WCAG A/AA) in both themes', async ({
  page,
  db,
  makeUser,
  requestAs,
  signIn,
}) => {
  test.setTimeout(90_000);
  const reader = await makeUser({ profileName: 'Axe Reader' });
  const author = await makeUser({ profileName: 'Axe Author' });
  const list = await makeChecklist(db, author.id, {
    title: 'Axe list',
    items: ['First step', 'Second step', 'Third step'],
  });
  const own = await makeChecklist(db, reader.id, { title: 'Reader’s own list' });
  // Unread notifications, so the bell shows a count and the activity feeds have highlighted rows.
  const fan = await requestAs(author);
  expect((await fan.put(`/api/checklists/${own.id}/like`)).status()).toBe(200);
  expect((await fan.post(`/api/checklists/${own.id}/comments`, { data: { content: 'Nice' } })).status()).toBe(201);
  await signIn(reader);

  const pages: { path: string; ready: (page: Page) => Promise<void> }[] = [
    {
      path: `/checklist/${list.id}`,
      ready: async (p) => {
        await expect(p.getByRole('heading', { level: 1, name: 'Axe list' })).toBeVisible();
        await expect(p.getByRole('button', { name: '2 unread notifications' }).first()).toBeVisible();
      },
    },
    { path: '/create', ready: (p) => expect(p.getByRole('textbox', { name: 'Item 1' })).toBeVisible() },
    {
      path: '/dashboard/badges',
      ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Badges' })).toBeVisible(),
    },
    { path: '/dashboard/activity', ready: (p) => expect(p.getByText('(unread)').first()).toBeAttached() },
    { path: '/me?tab=activity', ready: (p) => expect(p.getByText('(unread)').first()).toBeAttached() },
  ];

  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    for (const { path, ready } of pages) {
      await page.goto(path);
      await ready(page);
      if (path.startsWith('/checklist/')) {
        // A done item is struck through in a lighter colour: it must still read at 4.5:1.
        if (colorScheme === 'light') await page.getByText('First step').click(); // saved, so still done in dark
        await expect(page.getByText('1 of 3 completed')).toBeVisible();
      }
      found.push(...(await seriousViolations(page)).map((line) => `${colorScheme} ${path} ${line}`));
    }
  }
  expect(found).toEqual([]);
});
