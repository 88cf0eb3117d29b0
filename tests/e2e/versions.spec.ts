import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  CHANGES_SHOWN,
  restoredMessage,
  restoreTitle,
  versionMessages,
} from '../../src/domain/checklists/version-history';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const SHOTS = '/tmp/shots-ver51';
mkdirSync(SHOTS, { recursive: true });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** An item's text box in the editor ("Item 2"), not its note. */
const row = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** One version's card in the history, found by its title ("Version 2"). */
const versionCard = (page: Page, number: number) =>
  page.getByRole('list', { name: versionMessages.versions }).getByRole('listitem', { name: `Version ${number}` });

/** The texts of a list's items, in order. */
const texts = (list: Locator) => list.getByRole('listitem').allInnerTexts();

/**
 * The page passes axe, fits 320 px without scrolling sideways, and is saved at 390 and 1280 px to be
 * looked at; it is left at 1280 px.
 */
async function lookAt(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [320, 390, 1280] as const) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (width !== 320) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('an author reads what each save changed and restores an earlier version; nobody else sees the history', async ({
  page,
  signInWithList,
  makeUser,
  signIn,
}) => {
  test.setTimeout(120_000);
  const { list } = await signInWithList({ list: { title: `Camping ${unique()}`, items: ['Tent', 'Stove', 'Map'] } });

  await test.step('the editor rewords an item, removes one and adds one', async () => {
    await page.goto(`/edit-checklist/${list.id}`);
    // Moved first, then reworded: the row keeps the entry it shows wherever it goes.
    await page.getByRole('button', { name: 'Move item 2 up' }).click();
    await row(page, 'Item 1').fill('Gas stove');
    await page.getByRole('button', { name: 'Remove item 3' }).click();
    await page.getByRole('button', { name: 'Add item' }).click();
    await row(page, 'Item 3').fill('Torch');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/checklist/${list.id}$`));
  });

  await test.step('the owner’s list links its history, which says what the save changed', async () => {
    await page.getByRole('link', { name: versionMessages.history }).click();
    await expect(page).toHaveURL(new RegExp(`/checklist/${list.id}/versions$`));
    await expect(page.getByRole('heading', { level: 1, name: versionMessages.history })).toBeVisible();
    await expect(page.getByText(list.title, { exact: true })).toBeVisible();
    await expect(page.getByText(versionMessages.historyDescription)).toBeVisible();

    const second = versionCard(page, 2);
    await expect(second.getByText(versionMessages.current, { exact: true })).toBeVisible();
    await expect(second.getByText('1 added, 1 reworded, 1 moved, 1 removed')).toBeVisible();
    const changes = second.getByRole('list', { name: 'Changes in version 2' });
    await expect(changes.getByText('Reworded “Stove” to “Gas stove”', { exact: true })).toBeVisible();
    await expect(changes.getByText('Added “Torch”', { exact: true })).toBeVisible();
    await expect(changes.getByText('Removed “Map”', { exact: true })).toBeVisible();
    await expect(second.getByRole('button', { name: versionMessages.restore })).toHaveCount(0);

    const first = versionCard(page, 1);
    await expect(first.getByText(`${versionMessages.first} · 3 entries`)).toBeVisible();
    await expect(first.getByText(versionMessages.current, { exact: true })).toHaveCount(0);
  });

  await test.step('“Show this version” shows the list as it was', async () => {
    const first = versionCard(page, 1);
    const show = first.getByRole('button', { name: versionMessages.showEntries });
    await show.click();
    await expect(first.getByRole('button', { name: versionMessages.hideEntries })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const entries = first.getByRole('list', { name: 'Entries of version 1' });
    await expect(entries.getByRole('listitem')).toHaveCount(3);
    expect(await texts(entries)).toEqual(['Tent', 'Stove', 'Map']);
    await lookAt(page, 'history');
  });

  await test.step('restoring version 1 asks first, then saves it as a new version', async () => {
    await versionCard(page, 1).getByRole('button', { name: versionMessages.restore }).click();
    const dialog = page.getByRole('alertdialog', { name: restoreTitle(1) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(versionMessages.restoreBody)).toBeVisible();
    await lookAt(page, 'restore-dialog');
    await dialog.getByRole('button', { name: versionMessages.restoreConfirm, exact: true }).click();
    await expect(dialog).toBeHidden();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: restoredMessage(1) });
    await expect(toast).toBeVisible();
    // Closed before axe looks at the page: the toaster's own colours are not this page's.
    await toast.getByRole('button', { name: 'Close toast' }).click();
    await expect(toast).toBeHidden();

    const third = versionCard(page, 3);
    await expect(third.getByText(versionMessages.current, { exact: true })).toBeVisible();
    await expect(third.getByText('Restored version 1', { exact: true })).toBeVisible();
    await expect(
      third.getByRole('list', { name: 'Changes in version 3' }).getByText('Reworded “Gas stove” to “Stove”'),
    ).toBeVisible();
    // Version 2 is no longer the list as it is now: it can be restored in turn.
    await expect(versionCard(page, 2).getByRole('button', { name: versionMessages.restore })).toBeVisible();
    await lookAt(page, 'history-restored');
  });

  await test.step('the list’s page shows the restored items', async () => {
    await page.getByRole('link', { name: versionMessages.backToList }).click();
    await expect(page).toHaveURL(new RegExp(`/checklist/${list.id}$`));
    for (const item of ['Tent', 'Stove', 'Map']) await expect(page.getByRole('checkbox', { name: item })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Gas stove' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Torch' })).toHaveCount(0);
    await lookAt(page, 'detail-owner');
  });

  await test.step('anyone else is sent to the list itself, with no history link', async () => {
    // Leave the page first: a live page would refetch with the cookies gone (a 401 on the console).
    await page.goto('about:blank');
    await page.context().clearCookies();
    await signIn(await makeUser());
    await page.goto(`/checklist/${list.id}/versions`);
    await expect(page).toHaveURL(new RegExp(`/checklist/${list.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: list.title })).toBeVisible();
    await expect(page.getByRole('link', { name: versionMessages.history })).toHaveCount(0);
  });
});

test('a version with many changes lists the first few until asked for all', async ({
  page,
  signInWithList,
  requestAs,
}) => {
  const items = Array.from({ length: CHANGES_SHOWN + 2 }, (_, index) => `Step ${index + 1}`);
  const { user, list } = await signInWithList({ list: { title: `Many steps ${unique()}`, items } });
  const edit = await (
    await requestAs(user)
  ).put(`/api/checklists/${list.id}`, {
    data: {
      title: list.title,
      description: list.description,
      items: list.items.map((item) => ({ id: item.id, content: `${item.content} done well` })),
      tags: [],
      estimatedTime: '1 hour',
      difficulty: 'medium',
    },
  });
  expect(edit.status()).toBe(200);

  await page.goto(`/checklist/${list.id}/versions`);
  const second = versionCard(page, 2);
  await expect(second.getByText(`${items.length} reworded`, { exact: true })).toBeVisible();
  const changes = second.getByRole('list', { name: 'Changes in version 2' });
  await expect(changes.getByRole('listitem')).toHaveCount(CHANGES_SHOWN);
  const toggle = second.getByRole('button', { name: `Show all ${items.length} changes` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(changes.getByRole('listitem')).toHaveCount(items.length);
  await expect(changes.getByText(`Reworded “Step ${items.length}” to “Step ${items.length} done well”`)).toBeVisible();
  await expect(second.getByRole('button', { name: versionMessages.showFewerChanges })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});
