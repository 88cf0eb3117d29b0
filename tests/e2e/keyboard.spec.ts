import type { Locator, Page } from '@playwright/test';
import { makeChecklist } from '../../src/server/seed/factories';
import { expect, test } from './support/fixtures';

// Each test walks a whole task one key at a time, checking the focus ring at every stop: 15–25 s
// on a quiet machine, so the default 30 s leaves no room on a busy one.
test.describe.configure({ timeout: 90_000 });

// The main flows driven by the keyboard alone: no click anywhere in this file. Every Tab stop must
// show where focus is, and a dialog or menu closed with Escape gives focus back to its trigger.

/** The focused element, seen as a keyboard user sees it: it matches :focus-visible and renders a ring or outline. */
async function expectFocusShown(page: Page) {
  const focus = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { described: 'nothing', isShown: false };
    const style = getComputedStyle(element);
    const hasRing = style.outlineStyle !== 'none' || (style.boxShadow !== 'none' && style.boxShadow !== '');
    const described = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    return { described, isShown: element.matches(':focus-visible') && hasRing };
  });
  expect(focus.isShown, `focus on ${focus.described} is visible`).toBe(true);
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab until `target` has focus (Shift+Tab when it comes before the focused element in the
 * page), checking that the focus is visible at every stop.
 */
async function tabTo(page: Page, target: Locator, maxStops = 60) {
  await expect(target).toBeEnabled();
  const isBehind = await target.evaluate(
    (element) =>
      document.activeElement !== document.body &&
      !!document.activeElement &&
      !!(element.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING),
  );
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press(isBehind ? 'Shift+Tab' : 'Tab');
    await expectFocusShown(page);
    if (await isFocused(target)) return;
  }
  throw new Error(`${maxStops} Tab stops did not reach ${target.toString()}`);
}

/** Opens a dialog or menu from `trigger` with Enter, checks it, closes it with Escape, and checks focus came back. */
async function openAndClose(page: Page, trigger: Locator, opened: Locator) {
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  await expect(opened).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();
  await expect.poll(() => isFocused(trigger)).toBe(true);
  await expectFocusShown(page);
}

test('a visitor signs in with the keyboard and lands on Browse', async ({ page, makeUser }) => {
  const user = await makeUser();
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(user.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/browse$/);
});

test('an owner creates a list with the keyboard', async ({ page, makeUser, signIn }) => {
  await signIn(await makeUser());
  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Create a New Checklist' })).toBeVisible();
  await tabTo(page, page.getByLabel('Title'));
  await page.keyboard.type('Keyboard list');
  await tabTo(page, page.getByLabel('Description'));
  await page.keyboard.type('Made without a mouse.');
  await tabTo(page, page.getByRole('textbox', { name: 'Item 1' }));
  await page.keyboard.type('First step');
  await tabTo(page, page.getByRole('button', { name: 'Add item' }));
  await page.keyboard.press('Enter'); // the new row takes the focus
  await expect.poll(() => isFocused(page.getByRole('textbox', { name: 'Item 2' }))).toBe(true);
  await page.keyboard.type('Second step');
  await page.keyboard.press('Enter'); // Enter in an item adds the next one
  await expect.poll(() => isFocused(page.getByRole('textbox', { name: 'Item 3' }))).toBe(true);
  await page.keyboard.type('Zeroth step');
  await tabTo(page, page.getByRole('button', { name: 'Move item 3 up' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Item 2' })).toHaveValue('Zeroth step');
  await tabTo(page, page.getByRole('textbox', { name: 'Tag 1' }));
  await page.keyboard.type('keyboard');
  const time = page.getByRole('combobox', { name: 'Estimated time' });
  await tabTo(page, time);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: '1 hour' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(time).toHaveText(/\S/);
  await tabTo(page, page.getByRole('button', { name: 'Create Checklist' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checklist\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Keyboard list' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveText([
    /First step/,
    /Zeroth step/,
    /Second step/,
  ]);
});

test('a reader completes an item, likes, comments and files a list with the keyboard; the dialogs give focus back', async ({
  page,
  makeUser,
  makeUserWithList,
  signIn,
}) => {
  const { list } = await makeUserWithList({
    user: { profileName: 'Keen Author' },
    list: { title: 'Keys list', items: ['Find the keys', 'Lock up'] },
  });
  await signIn(await makeUser({ profileName: 'Kim Keys' }));
  await page.goto(`/checklist/${list.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Keys list' })).toBeVisible();

  await tabTo(page, page.getByRole('checkbox', { name: 'Find the keys' }));
  await page.keyboard.press('Space');
  await expect(page.getByText('1 of 2 completed')).toBeVisible();

  const like = page.getByRole('button', { name: /^Like/ });
  await tabTo(page, like);
  await page.keyboard.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', 'true');

  const commentBox = page.getByRole('textbox', { name: 'Add a comment' });
  await tabTo(page, commentBox);
  await page.keyboard.type('Typed, not clicked.');
  await tabTo(page, page.getByRole('button', { name: 'Post' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Typed, not clicked.')).toBeVisible();
  // Post is disabled once the box is empty again: the focus returns to the box, not to the page.
  await expect.poll(() => isFocused(commentBox)).toBe(true);

  const library = page.getByRole('button', { name: 'Add to List Library' });
  await tabTo(page, library);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add to List Library' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await tabTo(page, dialog.getByRole('textbox'));
  await page.keyboard.type('Keys');
  await tabTo(page, dialog.getByRole('button', { name: 'Create' }));
  await page.keyboard.press('Enter');
  const group = dialog.getByRole('button', { name: /Keys/ });
  await tabTo(page, group);
  await page.keyboard.press('Enter');
  await expect(group).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const inLibrary = page.getByRole('button', { name: 'In Library' });
  await expect(inLibrary).toBeVisible();
  await expect.poll(() => isFocused(inLibrary)).toBe(true);

  await openAndClose(page, page.getByRole('button', { name: 'Notifications' }).first(), page.getByRole('dialog'));
  await openAndClose(page, page.getByRole('button', { name: /Kim Keys/ }), page.getByRole('menu'));
});

test('an owner makes a list private in My Lists with the keyboard', async ({ page, signInWithList }) => {
  await signInWithList({ list: { title: 'Keyed list' } });
  await page.goto('/me?tab=created-lists');
  const toggle = page.getByRole('button', { name: 'Make private: Keyed list' });
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape'); // first a change of mind: focus goes back to the button
  await expect(confirm).toBeHidden();
  await expect.poll(() => isFocused(toggle)).toBe(true);
  await page.keyboard.press('Enter');
  await tabTo(page, confirm.getByRole('button', { name: 'Make Private', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('List "Keyed list" is now private')).toBeVisible();
});

test('the dashboard and phone menus open and close from the keyboard', async ({ page, makeUser, signIn }) => {
  await signIn(await makeUser({ profileName: 'Mo Menus' }));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Mo Menus!' })).toBeVisible();
  await openAndClose(page, page.getByRole('button', { name: 'Account menu for Mo Menus' }), page.getByRole('menu'));
  await openAndClose(page, page.getByRole('button', { name: 'Notifications' }).first(), page.getByRole('dialog'));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/browse');
  // The signed-in header is rendered once the session is known (its bell shows): the menu's button
  // before that is replaced, and a key pressed on it is lost.
  await expect(page.getByRole('banner').getByRole('button', { name: /notification/i })).toBeVisible();
  await openAndClose(page, page.getByRole('button', { name: 'Open menu' }), page.getByRole('dialog'));
  await page.goto('/me?tab=settings');
  const meMenu = page.getByRole('button', { name: 'Account menu: Settings' });
  await tabTo(page, meMenu);
  await page.keyboard.press('Enter');
  const nav = page.getByRole('navigation', { name: 'Account' });
  await expect(nav).toBeVisible();
  await tabTo(page, nav.getByRole('link', { name: 'My Lists' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/tab=created-lists/);
});

test('the account dialogs open and close from the keyboard and give focus back', async ({
  page,
  makeUser,
  signIn,
  requestAs,
}) => {
  const owner = await makeUser({ profileName: 'Dee Dialogs' });
  const fan = await makeUser();
  expect((await (await requestAs(fan)).put(`/api/users/${owner.username}/follow`)).status()).toBe(200);
  await signIn(owner);

  await page.goto('/me');
  await openAndClose(
    page,
    page.getByRole('button', { name: 'Change Email' }),
    page.getByRole('dialog', { name: 'Change Email' }),
  );
  await openAndClose(
    page,
    page.getByRole('button', { name: 'Change Password' }),
    page.getByRole('dialog', { name: 'Change Password' }),
  );
  await page.goto('/dashboard/settings');
  await openAndClose(
    page,
    page.getByRole('button', { name: 'Delete my account' }),
    page.getByRole('dialog', { name: 'Delete your account?' }),
  );
  await page.goto(`/user/${owner.username}`);
  await openAndClose(page, page.getByRole('button', { name: /1\s+follower$/ }), page.getByRole('dialog'));
});

test('the library’s group dialogs open and close from the keyboard and give focus back', async ({
  page,
  db,
  makeUser,
  makeGroup,
  signIn,
}) => {
  const owner = await makeUser();
  const list = await makeChecklist(db, (await makeUser()).id, { title: 'Filed list' });
  // A group with a list (to remove it from) and an empty one (only an empty group can be deleted).
  await makeGroup(owner, 'Kept', [list]);
  await makeGroup(owner, 'Empty');
  await signIn(owner);
  await page.goto('/me?tab=my-lists');
  await expect(page.getByRole('button', { name: 'Kept 1 list' })).toBeVisible();

  const button = (name: string) => page.getByRole('button', { name, exact: true });
  await openAndClose(page, button('New Group'), page.getByRole('dialog', { name: 'New Group' }));
  await openAndClose(page, button('Rename Kept'), page.getByRole('dialog', { name: 'Rename Group' }));
  await openAndClose(page, button('Delete Empty'), page.getByRole('alertdialog', { name: 'Delete Group' }));
  await openAndClose(
    page,
    button('Remove Filed list from Kept'),
    page.getByRole('alertdialog', { name: 'Remove List from Group' }),
  );
});

test('the confirm dialogs of My Lists and Activity, and the dashboard’s library dialog, open and close from the keyboard', async ({
  page,
  db,
  signInWithLikedList,
}) => {
  // The fan's like is a notification for "Delete All".
  const { fan } = await signInWithLikedList({ list: { title: 'Doomed list' } });
  const fansList = await makeChecklist(db, fan.id, { title: 'Fan’s list' });

  await page.goto('/me?tab=created-lists');
  await openAndClose(
    page,
    page.getByRole('button', { name: 'Delete Doomed list', exact: true }),
    page.getByRole('alertdialog', { name: 'Delete "Doomed list"?' }),
  );
  await page.goto('/me?tab=activity');
  await openAndClose(
    page,
    page.getByRole('button', { name: 'Delete All', exact: true }),
    page.getByRole('alertdialog', { name: 'Delete all notifications?' }),
  );
  await page.goto(`/dashboard/discover/${fansList.id}`);
  await openAndClose(
    page,
    page.getByRole('button', { name: 'Add to Library', exact: true }),
    page.getByRole('dialog', { name: 'Add to List Library' }),
  );
});
