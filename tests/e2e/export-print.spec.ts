import { readFile } from 'node:fs/promises';
import QRCode from 'qrcode';
import type { Page } from '@playwright/test';
import { checklistDetailSchema } from '../../src/domain/checklists/checklist-view';
import { importCopy } from '../../src/domain/checklists/markdown-import-limits';
import type { CreatedUser } from '../../src/server/seed/factories';
import { seriousViolations } from './support/axe';
import { expect, failedRequest, test } from './support/fixtures';
import { E2E_BASE_URL } from './support/paths';

// A reader takes a list away: as a Markdown file, as text on the clipboard, or on paper (the print
// view, and the list's own page printed by the browser).

/** A list with an item before its first heading, a section, a note of two lines and Markdown's characters. */
const LIST = {
  title: 'Camping *weekend*',
  description: 'Two nights away.',
  items: [
    'Check the forecast',
    { kind: 'heading', content: 'Before you leave' },
    { content: 'Book the pitch', note: 'Ring before Friday.\nAsk for a quiet spot.' },
    'Pack the tent',
  ],
  tags: ['camping'],
  estimatedTime: '1 hour',
  difficulty: 'easy',
};

let listId: string;
let privateListId: string;
let reader: CreatedUser;
const address = () => `${E2E_BASE_URL}/checklist/${listId}`;

test.beforeAll(async ({ makeUser, requestAs }) => {
  const author = await makeUser({ profileName: 'Paula Print' });
  const asAuthor = await requestAs(author);
  const created = await asAuthor.post('/api/checklists', { data: LIST });
  expect(created.status()).toBe(201);
  listId = ((await created.json()) as { id: string }).id;
  const secret = await asAuthor.post('/api/checklists', {
    data: { ...LIST, title: 'Secret trip', visibility: 'private' },
  });
  expect(secret.status()).toBe(201);
  privateListId = ((await secret.json()) as { id: string }).id;

  // The reader has completed one item: the file and the text carry it, paper never does.
  reader = await makeUser({ profileName: 'Rory Reader' });
  const asReader = await requestAs(reader);
  const detail = checklistDetailSchema.parse(await (await asReader.get(`/api/checklists/${listId}`)).json());
  const tent = detail.items.find((item) => item.content === 'Pack the tent')!;
  expect((await asReader.put(`/api/checklists/${listId}/items/${tent.id}/done`)).status()).toBe(200);
});

async function chooseExport(page: Page, item: string) {
  // A press that lands while the server-rendered page is still being taken over by the app opens
  // nothing: pressed again, as a person would, until the menu opens.
  await expect(async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('menuitem', { name: item }).click();
}

test('Download Markdown saves the list as a file in the import’s format, with the reader’s completions', async ({
  page,
  signIn,
}) => {
  await signIn(reader);
  await page.goto(`/checklist/${listId}`);
  const downloading = page.waitForEvent('download');
  await chooseExport(page, 'Download Markdown');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('camping-weekend.md');
  expect(await readFile(await download.path(), 'utf8')).toBe(
    [
      '# Camping \\*weekend\\*',
      '',
      'Two nights away.',
      '',
      '- [ ] Check the forecast',
      '',
      '## Before you leave',
      '',
      '- [ ] Book the pitch',
      '  Ring before Friday.',
      '  Ask for a quiet spot.',
      '- [x] Pack the tent',
      '',
      'Tags: camping',
      '',
      'Estimated time: 1 hour · Difficulty: easy',
      '',
      `Source: <${address()}>`,
      '',
    ].join('\n'),
  );
});

test('a downloaded list imported on /create and saved is the same list', async ({ page, signIn }, testInfo) => {
  await signIn(reader);
  await page.goto(`/checklist/${listId}`);
  const downloading = page.waitForEvent('download');
  await chooseExport(page, 'Download Markdown');
  // Kept under the name the browser offers, as a person's downloads folder would.
  const download = await downloading;
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  await page.goto('/create');
  await page.getByRole('button', { name: importCopy.button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: importCopy.title });
  await dialog.getByLabel(importCopy.fileLabel, { exact: true }).setInputFiles(file);
  await dialog.getByRole('button', { name: importCopy.submit, exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Create Checklist' }).click();
  await expect(page).toHaveURL(/\/checklist\/[0-9a-f-]{36}$/);

  const read = async (id: string) =>
    checklistDetailSchema.parse(await (await page.request.get(`/api/checklists/${id}`)).json());
  const same = (list: Awaited<ReturnType<typeof read>>) => ({
    title: list.title,
    description: list.description,
    tags: list.tags,
    estimatedTime: list.estimatedTime,
    difficulty: list.difficulty,
    items: list.items.map(({ kind, content, note }) => ({ kind, content, note })),
  });
  const copy = await read(new URL(page.url()).pathname.split('/').pop()!);
  expect(same(copy)).toEqual(same(await read(listId)));
});

test('Copy as text puts a visitor’s own completions on the clipboard and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/checklist/${listId}`);
  // A visitor's completion is kept in this browser.
  await page.getByText('Check the forecast', { exact: true }).click();
  await chooseExport(page, 'Copy as text');
  await expect(page.getByText('Copied to clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    [
      'Camping *weekend*',
      '',
      'Two nights away.',
      '',
      '☑ Check the forecast',
      '',
      'Before you leave',
      '',
      '☐ Book the pitch',
      '  Ring before Friday.',
      '  Ask for a quiet spot.',
      '☐ Pack the tent',
      '',
      'Tags: camping',
      '',
      address(),
      '',
    ].join('\n'),
  );
});

test('Copy as text says so when the browser refuses the clipboard', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
  });
  await page.goto(`/checklist/${listId}`);
  await chooseExport(page, 'Copy as text');
  await expect(page.getByText('Could not copy to the clipboard. Your browser did not allow it.')).toBeVisible();
});

test('the Export menu works from the keyboard, passes axe, and its Print opens the print view', async ({ page }) => {
  await page.goto(`/checklist/${listId}`);
  const exportButton = page.getByRole('button', { name: 'Export' });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Download Markdown', 'Copy as text', 'Print']);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(exportButton).toBeFocused();
  await chooseExport(page, 'Print');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/checklist/${listId}/print`);
  await expect(page.getByRole('heading', { level: 1, name: 'Camping *weekend*' })).toBeVisible();
});

test('Export pressed while its menu still loads opens the menu once loaded; focused, it keeps the focus', async ({
  page,
}) => {
  // The menu's code is held back a moment, as on a slow line.
  await page.route(/\/assets\/export-menu-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto(`/checklist/${listId}`);
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem', { name: 'Download Markdown' })).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Export' }).focus();
  // Loaded: the menu's own button (Radix marks its state) has the focus, and Enter opens it.
  await expect(page.locator('button[data-state="closed"]', { hasText: 'Export' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Copy as text' })).toBeVisible();
});

test.describe('the print view at A4 width', () => {
  test.use({ viewport: { width: 794, height: 1123 } });

  test('shows the sections, empty boxes, notes, details, the address and its QR code, and fits the page', async ({
    page,
    signIn,
  }) => {
    await signIn(reader);
    await page.goto(`/checklist/${listId}/print`);
    const sheet = page.getByRole('article');
    await expect(sheet.getByRole('heading', { level: 1, name: 'Camping *weekend*' })).toBeVisible();
    await expect(sheet.getByText('Two nights away.')).toBeVisible();
    await expect(sheet.getByText('by Paula Print')).toBeVisible();
    await expect(sheet.getByText('Estimated time:')).toBeVisible();
    await expect(sheet.getByText('1 hour')).toBeVisible();
    await expect(sheet.getByText('Easy', { exact: true })).toBeVisible();
    await expect(sheet.getByRole('heading', { level: 2, name: 'Before you leave' })).toBeVisible();
    // Each section's items, in order, and the note under its item.
    await expect(sheet.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveText(['Check the forecast']);
    const section = sheet.getByRole('list', { name: 'Before you leave' }).getByRole('listitem');
    await expect(section).toHaveText([/^Book the pitch/, 'Pack the tent']);
    await expect(section.first().getByText('Ring before Friday. Ask for a quiet spot.')).toBeVisible();
    // Every box empty, the reader's completed item's too: paper is worked through by hand.
    await expect(sheet.locator('[data-print-box]')).toHaveCount(3);
    for (const box of await sheet.locator('[data-print-box]').all()) await expect(box).toBeEmpty();
    await expect(sheet.getByRole('checkbox')).toHaveCount(0);
    await expect(sheet.getByText('Tags: camping')).toBeVisible();
    await expect(sheet.getByText(address(), { exact: true })).toBeVisible();

    // The QR code is an SVG of the list's address: its size and dark modules are that address's.
    const qr = sheet.getByRole('img', { name: 'QR code of the checklist’s address' });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((svg) => svg.tagName)).toBe('svg');
    const { modules } = QRCode.create(address(), { errorCorrectionLevel: 'M' });
    expect(await qr.getAttribute('viewBox')).toBe(`0 0 ${modules.size + 4} ${modules.size + 4}`);
    const darkModules = modules.data.reduce((count, bit) => count + bit, 0);
    const drawn = await qr.locator('path').getAttribute('d');
    expect(drawn!.match(/M/g)).toHaveLength(darkModules);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(794);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('on screen it has Print, which prints, and Back to checklist; on paper neither, nor the site’s frame', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      window.print = () => document.documentElement.setAttribute('data-printed', '');
    });
    await page.goto(`/checklist/${listId}/print`);
    await page.getByRole('button', { name: 'Print' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-printed', '');

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Back to checklist' })).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();

    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('link', { name: 'Back to checklist' }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/checklist/${listId}`);
  });
});

test('a private list’s print view is “Checklist Not Found” to another user and to a visitor', async ({
  page,
  signIn,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(failedRequest(404, new RegExp(`/api/checklists/${privateListId}$`)));
  await page.goto(`/checklist/${privateListId}/print`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checklist Not Found' })).toBeVisible();
  await expect(page.getByText('Secret trip')).toHaveCount(0);
  await signIn(reader);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Checklist Not Found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
});

test('the print view’s page is the app’s shell, not indexed', async ({ request }) => {
  const html = await (await request.get(`/checklist/${listId}/print`)).text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).toContain('<meta name="robots" content="noindex" data-page-head />');
});

test('printed from the browser, a list’s page is the list: no navigation, buttons, comments or footer', async ({
  page,
  signIn,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(reader);
  await page.goto(`/checklist/${listId}`);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible();

  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  await expect(page.getByRole('heading', { level: 1, name: 'Camping *weekend*' })).toBeVisible();
  await expect(page.getByText('Pack the tent')).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Back to Browse' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Comments' })).toBeHidden();
  for (const name of [/^Like/, 'Share', 'Export', 'Reset progress']) {
    await expect(page.getByRole('button', { name })).toBeHidden();
  }
  // Dark ink on white paper, whatever the screen's theme: the light theme's colours.
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const colours = () =>
    page.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      title: getComputedStyle(document.querySelector('h1')!).color,
    }));
  const printed = await colours();
  expect(printed.body).toBe('rgb(255, 255, 255)');
  await page.emulateMedia({ media: 'screen', colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect((await colours()).title).toBe(printed.title);
});
