import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { checklistInputMessages } from '../../src/domain/checklists/checklist-fields';
import { NOTE_LINK_REL } from '../../src/domain/checklists/item-notes';
import { seriousViolations } from './support/axe';
import { chooseOption, expect, test } from './support/fixtures';

const SHOTS = '/tmp/shots-sections';
mkdirSync(SHOTS, { recursive: true });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

const LONG_NOTE = [
  'Start with the corners, then the sides.',
  'Keep the pegs at 45 degrees, leaning away from the tent.',
  'Tighten the guy lines until the fly no longer flaps.',
  'Check them again at dusk: cold air slackens them.',
].join('\n');

/** An item's or a heading's text box in the editor ("Item 2"), not its note ("Note for item 2"). */
const row = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Completes an item the way a reader does: by clicking its row. */
const complete = (page: Page, content: string) => page.getByText(content, { exact: true }).click();

/** Nothing is wider than the window (no sideways scrolling) at the width it has now. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * The page as it stands passes axe, fits 320 px without scrolling sideways, and is saved at 390 and
 * 1280 px to be looked at; it is left at 1280 px.
 */
async function lookAt(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [320, 390, 1280] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    if (width !== 320) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('an author writes sections and notes in the form, and works through the list', async ({
  page,
  makeUser,
  signIn,
}) => {
  test.setTimeout(120_000);
  const title = `Camping weekend ${unique()}`;
  await signIn(await makeUser({ profileName: 'Sam Sections' }));

  await test.step('the form adds headings and notes, and refuses a blank heading at the list', async () => {
    await page.goto('/create');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Two nights under canvas.');
    await row(page, 'Item 1').fill('Check the forecast');
    await page.getByRole('button', { name: 'Add note to item 1' }).click();
    const firstNote = page.getByRole('textbox', { name: 'Note for item 1' });
    await expect(firstNote).toBeFocused();
    await firstNote.fill('Forecast: https://weather.example/today. Cancel if gales.');

    await page.getByRole('button', { name: 'Add heading' }).click();
    await expect(row(page, 'Heading 1')).toBeFocused();
    await page.getByRole('button', { name: 'Create Checklist' }).click();
    await expect(page.getByText(checklistInputMessages.headingsFilled, { exact: true })).toBeVisible();
    await expect(row(page, 'Heading 1')).toHaveAttribute('aria-invalid', 'true');

    await row(page, 'Heading 1').fill('At the pitch');
    // Enter in a heading adds the next item under it, as in an item.
    await row(page, 'Heading 1').press('Enter');
    await expect(row(page, 'Item 2')).toBeFocused();
    await row(page, 'Item 2').fill('Pitch the tent');
    await row(page, 'Item 2').press('Enter');
    await row(page, 'Item 3').fill('Peg the guy lines');
    await page.getByRole('button', { name: 'Add note to item 3' }).click();
    await page.getByRole('textbox', { name: 'Note for item 3' }).fill(LONG_NOTE);
    await expect(page.getByText(checklistInputMessages.headingsFilled, { exact: true })).toHaveCount(0);
  });

  await test.step('a row turns into a heading and back, and a note moves with its row', async () => {
    await page.getByRole('button', { name: 'Add item' }).click();
    await row(page, 'Item 4').fill('Dinner');
    await page.getByRole('button', { name: 'Turn into heading (item 4)' }).click();
    await expect(row(page, 'Heading 2')).toHaveValue('Dinner');
    await expect(page.getByRole('button', { name: 'Turn into item (heading 2)' })).toBeFocused();
    await page.getByRole('button', { name: 'Turn into item (heading 2)' }).click();
    await expect(row(page, 'Item 4')).toHaveValue('Dinner');
    await page.getByRole('button', { name: 'Turn into heading (item 4)' }).click();
    await row(page, 'Heading 2').press('Enter');
    await row(page, 'Item 4').fill('Light the stove');

    await page.getByRole('button', { name: 'Move item 3 up' }).click();
    await expect(row(page, 'Item 2')).toHaveValue('Peg the guy lines');
    await expect(page.getByRole('textbox', { name: 'Note for item 2' })).toHaveValue(LONG_NOTE);
    await page.getByRole('button', { name: 'Move item 2 down' }).click();
    await expect(page.getByRole('textbox', { name: 'Note for item 3' })).toHaveValue(LONG_NOTE);
    await expect(row(page, 'Item 2')).toHaveValue('Pitch the tent');

    // A note is removed with its own button; the row keeps its text.
    await page.getByRole('button', { name: 'Add note to item 4' }).click();
    await page.getByRole('textbox', { name: 'Note for item 4' }).fill('Out of the wind.');
    await page.getByRole('button', { name: 'Remove note from item 4' }).click();
    await expect(page.getByRole('textbox', { name: 'Note for item 4' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add note to item 4' })).toBeFocused();
  });

  await test.step('the filled form is looked at', async () => {
    await page.getByRole('textbox', { name: 'Tag 1' }).fill('camping');
    await chooseOption(page, 'Estimated time', '1 hour');
    await lookAt(page, 'editor');
  });

  await test.step('the list shows its headings as section titles and its notes under their items', async () => {
    await page.getByRole('button', { name: 'Create Checklist' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'At the pitch' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Dinner' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(4);
    await expect(page.getByRole('checkbox', { name: 'At the pitch' })).toHaveCount(0);
    await expect(page.getByText('0 of 4 completed')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Statistics' })).toContainText('4 items');
    // Items are numbered across the sections; the headings are not numbered.
    await expect(page.getByRole('list', { name: 'Dinner' }).getByRole('listitem')).toHaveText(['4.Light the stove']);

    await expect(page.getByRole('checkbox', { name: 'Check the forecast' })).toHaveAccessibleDescription(
      'Forecast: https://weather.example/today. Cancel if gales.',
    );
    const link = page.getByRole('link', { name: 'https://weather.example/today' });
    await expect(link).toHaveAttribute('href', 'https://weather.example/today');
    await expect(link).toHaveAttribute('rel', NOTE_LINK_REL);
  });

  await test.step('a long note shows two lines until "Show note", by pointer or keyboard', async () => {
    const note = page.getByText(/^Start with the corners/);
    const show = page.getByRole('button', { name: 'Show note' });
    await expect(show).toHaveCount(1);
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    const collapsed = (await note.boundingBox())!.height;
    await show.click();
    const hide = page.getByRole('button', { name: 'Hide note' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    const expanded = (await note.boundingBox())!.height;
    expect(expanded).toBeGreaterThan(collapsed * 1.5);
    await hide.focus();
    await page.keyboard.press('Enter');
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await expect(show).toBeFocused();
    await page.keyboard.press('Space');
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await lookAt(page, 'detail');
  });

  await test.step('completing every item, and no heading, is 100 % and the celebration', async () => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    for (const item of ['Check the forecast', 'Pitch the tent', 'Peg the guy lines', 'Light the stove']) {
      await complete(page, item);
    }
    await expect(page.getByText('4 of 4 completed')).toBeVisible();
    await expect(page.getByText('100%')).toBeVisible();
    await expect(page.getByText('Congratulations! All items completed!')).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(1);
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  await test.step('an edit that changes a note keeps the completions', async () => {
    await page.getByRole('link', { name: 'Edit Checklist' }).click();
    await expect(row(page, 'Heading 1')).toHaveValue('At the pitch');
    await expect(page.getByRole('textbox', { name: 'Note for item 3' })).toHaveValue(LONG_NOTE);
    await page.getByRole('textbox', { name: 'Note for item 1' }).fill('Forecast: https://weather.example/weekend');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://weather.example/weekend' })).toBeVisible();
    await expect(page.getByText('4 of 4 completed')).toBeVisible();
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(4);
  });
});

test('the wizard adds a heading, and its review shows it as a heading', async ({ page, makeUser, signIn }) => {
  await signIn(await makeUser());
  await page.goto('/dashboard/create');
  await page.getByLabel('Title').fill('Bike tune-up');
  await page.getByLabel('Description').fill('Before the first spring ride.');
  await page.getByRole('button', { name: 'Next' }).click();

  await row(page, 'Item 1').fill('Oil the chain');
  await page.getByRole('button', { name: 'Add heading' }).click();
  await row(page, 'Heading 1').fill('Wheels');
  await row(page, 'Heading 1').press('Enter');
  await row(page, 'Item 2').fill('Pump the tyres');
  await page.getByRole('button', { name: 'Next' }).click();

  const review = page.getByRole('region', { name: 'Review' });
  await expect(review.getByRole('heading', { name: 'Wheels' })).toBeVisible();
  await expect(review.getByRole('listitem')).toHaveText(['Oil the chain', 'Pump the tyres']);
  await page.getByLabel('Estimated time').click();
  await page.getByRole('option', { name: '30 minutes' }).click();
  await page.getByRole('button', { name: 'Create Checklist' }).click();

  await expect(page).toHaveURL(/\/dashboard\/lists\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Wheels' })).toBeVisible();
  await expect(page.getByText('0 of 2 completed')).toBeVisible();
  await expect(page.getByText('2 items', { exact: true })).toBeVisible();
});

test('a visitor reads sections and notes on the page the server renders, and works through it', async ({
  page,
  browser,
  makeUser,
  requestAs,
}) => {
  const author = await makeUser();
  const response = await (
    await requestAs(author)
  ).post('/api/checklists', {
    data: {
      title: `Moving house ${unique()}`,
      description: 'The week before the van comes.',
      items: [
        { kind: 'heading', content: 'Paperwork' },
        { content: 'Redirect the post', note: 'Form: https://post.example/redirect (takes 5 days)' },
        { kind: 'heading', content: 'Packing' },
        'Label the boxes',
      ],
      tags: ['moving'],
      estimatedTime: '2+ hours',
      difficulty: 'hard',
    },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };

  await test.step('without scripts, the rendered page has the headings, the items and the note', async () => {
    const rendered = await browser.newPage({ javaScriptEnabled: false });
    await rendered.goto(`/checklist/${id}`);
    await expect(rendered.getByRole('heading', { level: 2, name: 'Paperwork' })).toBeVisible();
    await expect(rendered.getByRole('heading', { level: 2, name: 'Packing' })).toBeVisible();
    await expect(rendered.getByRole('checkbox')).toHaveCount(2);
    await expect(rendered.getByRole('link', { name: 'https://post.example/redirect' })).toHaveAttribute(
      'rel',
      NOTE_LINK_REL,
    );
    await expect(rendered.getByText('0 of 2 completed')).toBeVisible();
    await rendered.close();
  });

  await test.step("a visitor's completions count the items alone", async () => {
    await page.goto(`/checklist/${id}`);
    await complete(page, 'Redirect the post');
    await expect(page.getByText('1 of 2 completed')).toBeVisible();
    await complete(page, 'Label the boxes');
    await expect(page.getByText('2 of 2 completed')).toBeVisible();
    await expect(page.getByText('Congratulations! All items completed!')).toBeVisible();
    await page.reload();
    await expect(page.getByText('2 of 2 completed')).toBeVisible();
  });
});
