import type { Page } from '@playwright/test';
import { MAX_ITEMS } from '../../src/domain/checklists/checklist-fields';

import { importCopy, markdownImportMessages } from '../../src/domain/checklists/markdown-import-limits';
import { seriousViolations } from './support/axe';
import { chooseOption, expect, test } from './support/fixtures';

const SHOTS = '/tmp/shots-import';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

// Items are numbered among items, headings among headings.
const itemRow = (page: Page, number: number) => page.getByRole('textbox', { name: `Item ${number}`, exact: true });
const headingRow = (page: Page, number: number) =>
  page.getByRole('textbox', { name: `Heading ${number}`, exact: true });

/** Puts `text` on the clipboard and pastes it into the item row, as a person does with Ctrl+V. */
async function pasteIntoRow(page: Page, number: number, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await itemRow(page, number).focus();
  await page.keyboard.press('ControlOrMeta+V');
}

/** The list's entries as the API returns them (kind, content, note), after it was saved. */
async function savedEntries(page: Page) {
  const id = new URL(page.url()).pathname.split('/').pop();
  const response = await page.request.get(`/api/checklists/${id}`);
  const body = (await response.json()) as { items: { kind: string; content: string; note: string }[] };
  return body.items.map(({ kind, content, note }) => ({ kind, content, note }));
}

/** The fields of /create a paste does not fill. */
async function fillTitleAndDescription(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Everything for two nights.');
  await chooseOption(page, 'Estimated time', '1 hour');
}

// Every test is a signed-in person on a create form, with a clipboard to paste from.
test.beforeEach(async ({ context, makeUser, signIn }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(await makeUser());
});

test('pasting several lines into an item row makes a row of each, headings and notes included', async ({ page }) => {
  await page.goto('/create');

  await test.step('ten pasted lines become ten rows, the cursor in the last', async () => {
    const lines = Array.from({ length: 10 }, (_, i) => `- [ ] Step ${i + 1}`);
    await pasteIntoRow(page, 1, lines.join('\n'));
    await expect(itemRow(page, 10)).toHaveValue('Step 10');
    await expect(itemRow(page, 1)).toHaveValue('Step 1');
    await expect(page.getByRole('textbox', { name: /^Item \d+$/ })).toHaveCount(10);
    await expect(itemRow(page, 10)).toBeFocused();
  });

  await test.step('one line pastes as usual, into the row', async () => {
    await itemRow(page, 3).fill('');
    await pasteIntoRow(page, 3, 'Just one line\n');
    await expect(itemRow(page, 3)).toHaveValue('Just one line');
    await expect(page.getByRole('textbox', { name: /^Item \d+$/ })).toHaveCount(10);
  });

  await test.step('a paste past the item limit changes nothing and names the limit', async () => {
    const tooMany = Array.from({ length: MAX_ITEMS }, (_, i) => `More ${i + 1}`).join('\n');
    await pasteIntoRow(page, 2, tooMany);
    await expect(page.getByText(markdownImportMessages.formTooManyItems('pasted lines', MAX_ITEMS + 9))).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Item \d+$/ })).toHaveCount(10);
    await expect(itemRow(page, 2)).toHaveValue('Step 2');
    await page
      .getByText(markdownImportMessages.formTooManyItems('pasted lines', MAX_ITEMS + 9))
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/paste-limit-1280.png` });
  });

  await test.step('a heading line and an indented line become a heading row and a note, saved as such', async () => {
    await itemRow(page, 10).fill('');
    await pasteIntoRow(page, 10, 'Step 10\n## Food\nBeans\n  the tinned ones\nBread');
    await expect(page.getByText(markdownImportMessages.formTooManyItems('pasted lines', MAX_ITEMS + 9))).toBeHidden();
    await expect(itemRow(page, 12)).toHaveValue('Bread');
    await expect(headingRow(page, 1)).toHaveValue('Food');
    await expect(page.getByRole('textbox', { name: 'Note for item 11' })).toHaveValue('the tinned ones');
    await fillTitleAndDescription(page, `Pasted ${unique()}`);
    await page.getByRole('button', { name: 'Create Checklist' }).click();
    await expect(page).toHaveURL(/\/checklist\/[0-9a-f-]{36}$/);
    expect((await savedEntries(page)).slice(9)).toEqual([
      { kind: 'item', content: 'Step 10', note: '' },
      { kind: 'heading', content: 'Food', note: '' },
      { kind: 'item', content: 'Beans', note: 'the tinned ones' },
      { kind: 'item', content: 'Bread', note: '' },
    ]);
  });
});

const exported = (title: string) =>
  [
    `# ${title}`,
    '',
    'Everything for two nights under canvas.',
    '',
    '- [ ] Book the site',
    '- [x] Pack the tent',
    '  Pegs in the side pocket.',
    '',
    '## Food',
    '',
    '- [ ] Beans \\& bread',
    '',
    'Tags: camping, outdoors',
    '',
    'Estimated time: 2+ hours · Difficulty: hard',
    '',
    'Source: https://ticklist.example/checklist/abc',
    '',
  ].join('\n');

test('a Markdown file imported on /create fills the form, and the saved list holds its entries', async ({ page }) => {
  // Two imports, each checked by axe and photographed, then two full-page photographs and a save.
  test.setTimeout(90_000);
  const title = `Imported camping ${unique()}`;

  // The second import (at 390 px) is the one the form shows.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/create');
    await page.getByRole('button', { name: importCopy.button, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: importCopy.title });
    await dialog.getByLabel(importCopy.fileLabel, { exact: true }).setInputFiles({
      name: 'camping.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(exported(title)),
    });
    await expect(dialog.getByLabel(importCopy.textLabel, { exact: true })).toHaveValue(exported(title));
    await expect(dialog.getByText(importCopy.replace)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/import-dialog-${width}.png` });
    await dialog.getByRole('button', { name: importCopy.submit, exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  await test.step('the form shows the list before anything is saved', async () => {
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('Description')).toHaveValue('Everything for two nights under canvas.');
    await expect(itemRow(page, 1)).toHaveValue('Book the site');
    await expect(page.getByRole('textbox', { name: 'Note for item 2' })).toHaveValue('Pegs in the side pocket.');
    await expect(headingRow(page, 1)).toHaveValue('Food');
    await expect(itemRow(page, 3)).toHaveValue('Beans & bread');
    await expect(page.getByRole('textbox', { name: 'Tag 2' })).toHaveValue('outdoors');
    await expect(page.getByLabel('Estimated time')).toHaveText('2+ hours');
    await expect(page.getByRole('radio', { name: 'Hard' })).toBeChecked();
    await expect(page.getByRole('button', { name: importCopy.button, exact: true })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/import-filled-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/import-filled-1280.png`, fullPage: true });
  });

  await test.step('saved, the detail page shows the same entries', async () => {
    await page.getByRole('button', { name: 'Create Checklist' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    for (const text of ['Book the site', 'Pack the tent', 'Beans & bread']) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    expect(await savedEntries(page)).toEqual([
      { kind: 'item', content: 'Book the site', note: '' },
      { kind: 'item', content: 'Pack the tent', note: 'Pegs in the side pocket.' },
      { kind: 'heading', content: 'Food', note: '' },
      { kind: 'item', content: 'Beans & bread', note: '' },
    ]);
  });
});

test('a file past a limit, or not text, is refused by name and the form keeps its text', async ({ page }) => {
  await page.goto('/create');
  await page.getByLabel('Title').fill('My own title');
  await itemRow(page, 1).fill('My own item');
  await page.getByRole('button', { name: importCopy.button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: importCopy.title });
  await expect(dialog.getByText(importCopy.append(1))).toBeVisible();
  const file = dialog.getByLabel(importCopy.fileLabel, { exact: true });

  await test.step('a file of 140 items names the item limit', async () => {
    const lines = Array.from({ length: 140 }, (_, i) => `- [ ] Item ${i + 1}`).join('\n');
    await file.setInputFiles({ name: 'long.md', mimeType: 'text/markdown', buffer: Buffer.from(lines) });
    await dialog.getByRole('button', { name: importCopy.submit, exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(markdownImportMessages.tooManyItems('file', 140));
  });

  await test.step('a file over 200 KB, an image and a binary file are refused', async () => {
    await file.setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(300 * 1024, 'a') });
    await expect(dialog.getByRole('alert')).toHaveText(markdownImportMessages.fileTooLarge(300 * 1024));
    await file.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([137, 80, 78, 71]) });
    await expect(dialog.getByRole('alert')).toHaveText(markdownImportMessages.fileType);
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from([0, 1, 2, 3, 65]) });
    await expect(dialog.getByRole('alert')).toHaveText(markdownImportMessages.binary('file'));
  });

  await test.step('closed, the form holds what it held', async () => {
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByLabel('Title')).toHaveValue('My own title');
    await expect(itemRow(page, 1)).toHaveValue('My own item');
    await expect(page.getByRole('textbox', { name: /^Item \d+$/ })).toHaveCount(1);
  });
});

test('the wizard imports pasted text: the title on its first step, the items on its second', async ({ page }) => {
  await page.goto('/dashboard/create');
  await expect(page.getByRole('heading', { name: 'Step 1: Basic Info' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: `${SHOTS}/wizard-import-button-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/wizard-import-button-1280.png` });
  const importButton = page.getByRole('button', { name: importCopy.button, exact: true });
  const dialog = page.getByRole('dialog', { name: importCopy.title });
  // From the keyboard: Enter opens the dialog, Escape closes it and gives focus back.
  await importButton.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(importButton).toBeFocused();
  await importButton.click();
  await dialog
    .getByLabel(importCopy.textLabel, { exact: true })
    .fill('# Move house\n\nBoxes first.\n\n1. Book the van\n2. Pack');
  await dialog.getByRole('button', { name: importCopy.submit, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Title')).toHaveValue('Move house');
  await expect(page.getByLabel('Description')).toHaveValue('Boxes first.');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(itemRow(page, 1)).toHaveValue('Book the van');
  await expect(itemRow(page, 2)).toHaveValue('Pack');
});
