import type { Locator } from '@playwright/test';
import { makeChecklist } from '../../src/server/seed/factories';
import { collectViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test.describe('open dialogs and menus pass axe', () => {
  test('the bell, the account menus, the library dialog and a confirm dialog at 1280 px', async ({
    page,
    db,
    signInWithLikedList,
  }) => {
    test.setTimeout(120_000);
    // The author liking the reader's own list gives the bell an unread notification.
    const { fan: author } = await signInWithLikedList({
      user: { profileName: 'Menu Reader' },
      list: { title: 'Menu own list' },
      fan: { profileName: 'Menu Author' },
    });
    const list = await makeChecklist(db, author.id, { title: 'Menu list' });
    const { found, check } = collectViolations(page);

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.goto(`/checklist/${list.id}`);
      await page.getByRole('button', { name: '1 unread notification' }).first().click();
      await expect(page.getByRole('list', { name: 'Notifications' })).toBeVisible();
      await check(`${colorScheme} bell`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /Menu Reader/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await check(`${colorScheme} site account menu`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Add to List Library' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.locator('[role="status"].animate-spin')).toHaveCount(0);
      await check(`${colorScheme} library dialog`);
      await page.keyboard.press('Escape');

      await page.goto('/me?tab=created-lists');
      await page
        .getByRole('button', { name: /^Delete/ })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await check(`${colorScheme} confirm dialog`);
      await page.keyboard.press('Escape');

      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Account menu for Menu Reader' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await check(`${colorScheme} dashboard account menu`);
      await page.keyboard.press('Escape');
    }
    expect(found).toEqual([]);
  });

  test('the account, follower, library and activity dialogs at 1280 px', async ({
    page,
    db,
    makeGroup,
    requestAs,
    signInWithLikedList,
  }) => {
    test.setTimeout(300_000);
    // The fan's like is a notification for "Delete All"; the fan follows too, for the followers dialog.
    const { user: owner, fan } = await signInWithLikedList({
      user: { profileName: 'Dialog Owner' },
      list: { title: 'Dialog own list' },
      fan: { profileName: 'Dialog Fan' },
    });
    expect((await (await requestAs(fan)).put(`/api/users/${owner.username}/follow`)).status()).toBe(200);
    const fansList = await makeChecklist(db, fan.id, { title: 'Dialog fan list' });
    // A group with a list (to remove it from) and an empty one (only an empty group can be deleted).
    await makeGroup(owner, 'Kept', [fansList]);
    await makeGroup(owner, 'Empty');
    const { found, check } = collectViolations(page);
    /** Opens a dialog from `trigger`, checks it once its content has loaded, and closes it with Escape. */
    const checkDialog = async (what: string, trigger: Locator, opened: Locator) => {
      await trigger.click();
      await expect(opened).toBeVisible();
      await expect(page.locator('[role="status"].animate-spin')).toHaveCount(0);
      await check(what);
      await page.keyboard.press('Escape');
      await expect(opened).toBeHidden();
    };
    const button = (name: string) => page.getByRole('button', { name, exact: true });

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.goto('/me');
      await checkDialog(`${colorScheme} Change Email`, button('Change Email'), page.getByRole('dialog'));
      await checkDialog(`${colorScheme} Change Password`, button('Change Password'), page.getByRole('dialog'));

      await page.goto('/dashboard/settings');
      await checkDialog(`${colorScheme} Delete account`, button('Delete my account'), page.getByRole('dialog'));

      await page.goto(`/user/${owner.username}`);
      await checkDialog(
        `${colorScheme} followers`,
        page.getByRole('button', { name: /1\s+follower$/ }),
        page.getByRole('dialog'),
      );

      await page.goto('/me?tab=my-lists');
      await checkDialog(
        `${colorScheme} New Group`,
        button('New Group'),
        page.getByRole('dialog', { name: 'New Group' }),
      );
      await checkDialog(
        `${colorScheme} Rename Group`,
        button('Rename Kept'),
        page.getByRole('dialog', { name: 'Rename Group' }),
      );
      await checkDialog(
        `${colorScheme} Delete Group`,
        button('Delete Empty'),
        page.getByRole('alertdialog', { name: 'Delete Group' }),
      );
      await checkDialog(
        `${colorScheme} Remove from Group`,
        button('Remove Dialog fan list from Kept'),
        page.getByRole('alertdialog', { name: 'Remove List from Group' }),
      );

      await page.goto('/me?tab=activity');
      await checkDialog(
        `${colorScheme} Delete all notifications`,
        button('Delete All'),
        page.getByRole('alertdialog', { name: 'Delete all notifications?' }),
      );

      // The list is in a group already, so the dialog shows a selected row too.
      await page.goto(`/dashboard/discover/${fansList.id}`);
      await checkDialog(`${colorScheme} dashboard library dialog`, button('In Library'), page.getByRole('dialog'));
    }
    expect(found).toEqual([]);
  });

  test('the mobile menus and the bell at 390 px', async ({ page, signInWithLikedList }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const { found, check } = collectViolations(page);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.goto('/browse');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(`${colorScheme} visitor's mobile menu`);
      await page.keyboard.press('Escape');
    }
    // An unread notification, so the bell's popover has a highlighted row.
    await signInWithLikedList({
      user: { profileName: 'Phone Reader' },
      list: { title: 'Phone list' },
      fan: { profileName: 'Phone Fan' },
    });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.goto('/me?tab=settings');
      await page.getByRole('button', { name: 'Account menu: Settings' }).click();
      await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
      await check(`${colorScheme} /me menu`);
      await page.goto('/browse');
      // The signed-in header is rendered once the session is known: open the menu of the settled page.
      await expect(page.getByRole('button', { name: '1 unread notification' }).first()).toBeVisible();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(`${colorScheme} signed-in mobile menu`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.getByRole('button', { name: '1 unread notification' }).first().click();
      await expect(page.getByRole('list', { name: 'Notifications' })).toBeVisible();
      await check(`${colorScheme} bell`);
      await page.keyboard.press('Escape');
    }
    expect(found).toEqual([]);
  });
});
