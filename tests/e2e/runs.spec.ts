import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

// Runs of a list: "Start again" closes the user's ticks into their history, the page says how often
// they completed the list, and completed items can be hidden.

const SHOTS = '/tmp/shots-runs';

const items = (page: Page) => page.getByRole('list', { name: 'Items' });
const tick = (page: Page, content: string) => items(page).getByText(content, { exact: true }).click();

async function startAgain(page: Page) {
  await page.getByRole('button', { name: 'Start again' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Start this list again?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Start again' }).click();
  await expect(dialog).toBeHidden();
}

test('a signed-in user completes a list, starts again and finds the run in their history', async ({
  page,
  signInWithList,
}) => {
  const { list } = await signInWithList({
    list: { title: 'Morning routine', items: ['Stretch', 'Shower', 'Coffee'] },
  });
  await page.goto(`/checklist/${list.id}`);

  await test.step('ticking every item completes the run; Start again asks first and keeps the run', async () => {
    await expect(page.getByText(/You completed this list/)).toHaveCount(0);
    for (const item of ['Stretch', 'Shower', 'Coffee']) await tick(page, item);
    await expect(page.getByText('3 of 3 completed')).toBeVisible();
    await expect(page.getByText(/^You completed this list 1 time, last on /)).toBeVisible();

    await page.getByRole('button', { name: 'Start again' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Start this list again?' });
    await expect(dialog).toContainText('This run is kept in your history.');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(3);

    await startAgain(page);
    await expect(page.getByText('0 of 3 completed')).toBeVisible();
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(3);
    await expect(page.getByText(/^You completed this list 1 time, last on /)).toBeVisible();
    await expect(page.getByText('1 use', { exact: true })).toBeVisible();
  });

  await test.step('the History lists the run, finished with its ticks, after a reload too', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('list', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByRole('listitem')).toContainText('Finished');
    await expect(history.getByRole('listitem')).toContainText('3 of 3 ticked');
  });

  await test.step('an abandoned run joins the top of the history', async () => {
    await tick(page, 'Stretch');
    await startAgain(page);
    const history = page.getByRole('list', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').first()).toContainText('Abandoned');
    await expect(history.getByRole('listitem').first()).toContainText('1 of 3 ticked');
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('hiding completed items leaves them out, says how many, and is remembered', async () => {
    await tick(page, 'Shower');
    await page.getByRole('switch', { name: 'Hide completed items' }).click();
    await expect(items(page).getByText('Shower', { exact: true })).toHaveCount(0);
    await expect(items(page).getByText('Coffee', { exact: true })).toBeVisible();
    await expect(page.getByText('1 completed item hidden')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Hide completed items' })).toBeChecked();
    await expect(items(page).getByText('Shower', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'History' }).click();
    await expect(page.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(2);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      await page.screenshot({ path: `${SHOTS}/detail-history-${width}.png`, fullPage: true });
    }
    await page.getByRole('switch', { name: 'Hide completed items' }).click();
    await expect(items(page).getByText('Shower', { exact: true })).toBeVisible();
  });
});

test('a visitor starts again: their ticks kept in the browser are cleared, with no history', async ({
  page,
  makeUserWithList,
}) => {
  const { list } = await makeUserWithList({ list: { title: 'Visitor run', items: ['One', 'Two'] } });
  await page.goto(`/checklist/${list.id}`);
  await tick(page, 'One');
  await tick(page, 'Two');
  await expect(page.getByText('2 of 2 completed')).toBeVisible();
  await expect(page.getByText(/You completed this list/)).toHaveCount(0);

  await page.getByRole('switch', { name: 'Hide completed items' }).click();
  await expect(page.getByText('2 completed items hidden')).toBeVisible();
  await expect(page.getByText('Every item is completed and hidden.')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Hide completed items' }).click();

  await page.getByRole('button', { name: 'Start again' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Your ticks on this list are cleared');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Start again' }).click();
  await expect(page.getByText('0 of 2 completed')).toBeVisible();
  await page.reload();
  await expect(page.getByText('0 of 2 completed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'History' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: `${SHOTS}/visitor-390.png`, fullPage: true });
});

test('hiding completed items hides a section whose items are all completed, and keeps the rest', async ({
  page,
  makeUserWithList,
}) => {
  const { list } = await makeUserWithList({
    list: {
      title: 'Sections to hide',
      items: [
        { kind: 'heading', content: 'Kit', note: '' },
        { kind: 'item', content: 'Boots', note: '' },
        { kind: 'item', content: 'Map', note: '' },
        { kind: 'heading', content: 'Food', note: '' },
        { kind: 'item', content: 'Water', note: '' },
      ],
    },
  });
  await page.goto(`/checklist/${list.id}`);
  for (const item of ['Boots', 'Map']) await page.getByText(item, { exact: true }).click();
  await expect(page.getByText('2 of 3 completed')).toBeVisible();
  await page.getByRole('switch', { name: 'Hide completed items' }).click();
  await expect(page.getByRole('heading', { name: 'Kit' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Food' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Water' })).toBeVisible();
  await expect(page.getByText('2 completed items hidden')).toBeVisible();
});
