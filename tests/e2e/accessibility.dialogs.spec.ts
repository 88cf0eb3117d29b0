import type { Locator } from '@playwright/test';
import { makeChecklist } from '../../src/server/seed/factories';
import { collectViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test.describe('open dialogs and menus pass axe', () => {
  test('the bell, the account menus, the library dialog and a confirm dialog at 1280 px', async ({
    page,
    db,
    makeUser,
    requestAs,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const reader = await makeUser({ profileName: 'Menu Reader' });
    const author = await makeUser({ profileName: 'Menu Author' });
    const list = await makeChecklist(db, author.id, { title: 'Menu list' });
    const own = await makeChecklist(db, reader.id, { title: 'Menu own list' });
    expect((await (await requestAs(author)).put(`/api/checklists/${own.id}/like`)).status()).toBe(200);
    await signIn(reader);
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
    makeUser,
    makeGroup,
    requestAs,
    signIn,
  }) => {
    test.setTimeout(300_000);
    const owner = await makeUser({ profileName: 'Dialog Owner' });
    const fan = await makeUser({ profileName: 'Dialog Fan' });
    const own = await makeChecklist(db, owner.id, { title: 'Dialog own list' });
    const fansList = await makeChecklist(db, fan.id, { title: 'Dialog fan list' });
    // A group with a list (to remove it from) and an empty one (only an empty group can be deleted).
    await makeGroup(owner, 'Kept', [fansList]);
    await makeGroup(owner, 'Empty');
    // A follower for the followers dialog, and a notification for "Delete All".
    const asFan = await requestAs(fan);
    expect((await asFan.put(`/api/users/${owner.username}/follow`)).status()).toBe(200);
    expect((await asFan.put(`/api/checklists/${own.id}/like`)).status()).toBe(200);
    await signIn(owner);
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

  test('the mobile menus and the bell at 390 px', async ({ page, db, makeUser, requestAs, signIn }) => {
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
    const phoneReader = await makeUser({ profileName: 'Phone Reader' });
    const own = await makeChecklist(db, phoneReader.id, { title: 'Phone list' });
    // An unread notification, so the bell's popover has a highlighted row.
    const fan = await makeUser({ profileName: 'Phone Fan' });
    expect((await (await requestAs(fan)).put(`/api/checklists/${own.id}/like`)).status()).toBe(200);
    await signIn(phoneReader);
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
