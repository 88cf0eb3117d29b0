import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { userListGroups, userListMemberships } from '../../src/server/db/schema';
import { makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { expect, failedRequest, test } from './support/fixtures';

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

type Look = { width: 390 | 1280; colorScheme: 'light' | 'dark' };
/** Every route in every pairing of width and theme. */
const LOOKS: Look[] = [
  { width: 1280, colorScheme: 'light' },
  { width: 1280, colorScheme: 'dark' },
  { width: 390, colorScheme: 'dark' },
  { width: 390, colorScheme: 'light' },
];

/** The page has drawn its content: its main region, and no spinner still loading. */
async function settled(page: Page) {
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('[role="status"].animate-spin')).toHaveCount(0, { timeout: 15_000 });
  // Colours still fading (a hover, a theme change) are measured once they have arrived.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Each path loaded once, then looked at in its four looks (the theme follows the system's live). */
async function axeEveryRoute(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      for (const { width, colorScheme } of LOOKS) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        const root = page.locator('html');
        await (colorScheme === 'dark' ? expect(root) : expect(root).not).toHaveClass(/\bdark\b/);
        await settled(page);
        found.push(...(await seriousViolations(page)).map((line) => `${width} ${colorScheme} ${path} ${line}`));
      }
    });
  }
  expect(found).toEqual([]);
}

/** Spec §2.1's route table, as a visitor reaches it (with a missing list and a missing user). */
const visitorRoutes = (ids: { list: string; author: string }) => [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/email-change?result=confirmed',
  '/email-change?result=invalid',
  '/email-change?undo=not-a-real-token-of-any-kind',
  '/about',
  '/browse',
  `/checklist/${ids.list}`,
  '/checklist/00000000-0000-4000-8000-000000000000',
  `/user/${ids.author}`,
  '/user/nobody-by-that-name',
  '/me',
  '/no-such-page',
];
const missingThings = failedRequest(404, /\/api\/(checklists\/00000000-|users\/nobody-)/);

/** The site's routes as a signed-in reader sees them: someone else's list and the reader's own. */
const readerSiteRoutes = (ids: { othersList: string; ownList: string; reader: string }) => [
  '/browse',
  `/checklist/${ids.othersList}`,
  `/checklist/${ids.ownList}`,
  '/create',
  `/edit-checklist/${ids.ownList}`,
  `/user/${ids.reader}`,
  '/me',
  '/me?tab=my-lists',
  '/me?tab=created-lists',
  '/me?tab=activity',
  '/me?tab=settings',
];

/** The rest of the site as a signed-in reader sees it: pages open to all, other people's profiles, a 404. */
const readerOtherRoutes = (ids: { author: string; privateUser: string }) => [
  '/about',
  `/user/${ids.author}`,
  `/user/${ids.privateUser}`,
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/reset-password?error=INVALID_TOKEN',
  '/no-such-page',
];

const dashboardRoutes = (ids: { othersList: string; ownList: string }) => [
  '/dashboard',
  '/dashboard/create',
  '/dashboard/discover',
  `/dashboard/discover/${ids.othersList}`,
  '/dashboard/lists',
  `/dashboard/lists/${ids.ownList}`,
  '/dashboard/collections',
  '/dashboard/badges',
  '/dashboard/profile',
  '/dashboard/activity',
  '/dashboard/settings',
  '/dashboard/no-such-page',
];

test.describe('every route of the route table passes axe (WCAG A/AA)', () => {
  test.describe.configure({ mode: 'parallel' });
  let author: CreatedUser;
  let reader: CreatedUser;
  let privateUser: CreatedUser;
  let authorsList: string;
  let readersList: string;

  test.beforeAll(async ({ db, makeUser, requestAs }) => {
    author = await makeUser({ profileName: 'Route Author' });
    reader = await makeUser({ profileName: 'Route Reader' });
    privateUser = await makeUser({ profileName: 'Route Private', isPublic: false });
    const list = await makeChecklist(db, author.id, { title: 'Route list', items: ['One', 'Two'] });
    authorsList = list.id;
    readersList = (await makeChecklist(db, reader.id, { title: 'Reader route list' })).id;
    // Unread notifications, so the bell shows a count and the activity feeds have highlighted rows.
    const asAuthor = await requestAs(author);
    expect((await asAuthor.put(`/api/checklists/${readersList}/like`)).status()).toBe(200);
    expect(
      (await asAuthor.post(`/api/checklists/${readersList}/comments`, { data: { content: 'Nice' } })).status(),
    ).toBe(201);
    // A done item is struck through in a lighter colour: it must still read at 4.5:1.
    const asReader = await requestAs(reader);
    expect((await asReader.put(`/api/checklists/${authorsList}/items/${list.items[0]!.id}/done`)).status()).toBe(200);
  });

  const ids = () => ({
    list: authorsList,
    author: author.username,
    othersList: authorsList,
    ownList: readersList,
    reader: reader.username,
    privateUser: privateUser.username,
  });

  test('signed out', async ({ page, allowConsoleErrors }) => {
    test.setTimeout(300_000);
    allowConsoleErrors(missingThings);
    await axeEveryRoute(page, visitorRoutes(ids()));
  });

  test('signed in, the site', async ({ page, signIn }) => {
    test.setTimeout(300_000);
    await signIn(reader);
    await axeEveryRoute(page, readerSiteRoutes(ids()));
  });

  test('signed in, the open pages, other people’s profiles and a missing page', async ({ page, signIn }) => {
    test.setTimeout(300_000);
    await signIn(reader);
    await axeEveryRoute(page, readerOtherRoutes(ids()));
  });

  test('signed in, the dashboard', async ({ page, signIn }) => {
    test.setTimeout(300_000);
    await signIn(reader);
    await axeEveryRoute(page, dashboardRoutes(ids()));
  });

  // Zooming a 1280 px window to 200% lays the page out in 640 CSS pixels: nothing may scroll sideways.
  test('every route works at 200% zoom without scrolling sideways', async ({ page, signIn, allowConsoleErrors }) => {
    test.setTimeout(180_000);
    allowConsoleErrors(missingThings);
    await page.setViewportSize({ width: 640, height: 450 });
    const wide: string[] = [];
    const visit = async (paths: string[]) => {
      for (const path of paths) {
        await page.goto(path);
        await settled(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) wide.push(`${path} scrolls ${overflow} px sideways`);
      }
    };
    await visit(visitorRoutes(ids()));
    await signIn(reader);
    await visit([...readerSiteRoutes(ids()), ...readerOtherRoutes(ids()), ...dashboardRoutes(ids())]);
    expect(wide).toEqual([]);
  });
});

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
    const found: string[] = [];
    const check = async (what: string) =>
      found.push(...(await seriousViolations(page)).map((line) => `${what}: ${line}`));

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
    requestAs,
    signIn,
  }) => {
    test.setTimeout(300_000);
    const owner = await makeUser({ profileName: 'Dialog Owner' });
    const fan = await makeUser({ profileName: 'Dialog Fan' });
    const own = await makeChecklist(db, owner.id, { title: 'Dialog own list' });
    const fansList = await makeChecklist(db, fan.id, { title: 'Dialog fan list' });
    // A group with a list (to remove it from) and an empty one (only an empty group can be deleted).
    const [kept] = await db.insert(userListGroups).values({ userId: owner.id, name: 'Kept' }).returning();
    await db.insert(userListGroups).values({ userId: owner.id, name: 'Empty' });
    await db.insert(userListMemberships).values({ userId: owner.id, checklistId: fansList.id, listGroupId: kept!.id });
    // A follower for the followers dialog, and a notification for "Delete All".
    const asFan = await requestAs(fan);
    expect((await asFan.put(`/api/users/${owner.username}/follow`)).status()).toBe(200);
    expect((await asFan.put(`/api/checklists/${own.id}/like`)).status()).toBe(200);
    await signIn(owner);
    const found: string[] = [];
    /** Opens a dialog from `trigger`, checks it once its content has loaded, and closes it with Escape. */
    const checkDialog = async (what: string, trigger: Locator, opened: Locator) => {
      await trigger.click();
      await expect(opened).toBeVisible();
      await expect(page.locator('[role="status"].animate-spin')).toHaveCount(0);
      found.push(...(await seriousViolations(page)).map((line) => `${what}: ${line}`));
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
    const found: string[] = [];
    const check = async (what: string) =>
      found.push(...(await seriousViolations(page)).map((line) => `${what}: ${line}`));
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
      // The signed-in header is drawn once the session is known: open the menu of the settled page.
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

test.describe('reduced motion', () => {
  /** Records, from before the first paint, every opacity the page's main region is drawn with. */
  const watchMainOpacity = (page: Page) =>
    page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { mainOpacities: string[] }).mainOpacities = seen;
      new MutationObserver(() => {
        const main = document.getElementById('main');
        if (main) seen.push(getComputedStyle(main).opacity);
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
    });
  const mainOpacities = (page: Page) =>
    page.evaluate(() => (window as unknown as { mainOpacities: string[] }).mainOpacities);

  test('pages fade in, unless the user prefers reduced motion', async ({ page }) => {
    // The suite runs with reduced motion (playwright.config.ts); this test is about both.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await watchMainOpacity(page);
    await page.goto('/about');
    await page.getByRole('link', { name: 'Browse' }).first().click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect.poll(async () => (await mainOpacities(page)).some((opacity) => Number(opacity) < 1)).toBe(true);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/about');
    await page.getByRole('link', { name: 'Browse' }).first().click();
    await expect(page.getByText(/^Showing \d+ of \d+ checklists/)).toBeVisible();
    const opacities = await mainOpacities(page);
    expect(opacities.length).toBeGreaterThan(0);
    expect(opacities.filter((opacity) => opacity !== '1')).toEqual([]);
  });

  test('finishing a list congratulates without confetti or sparkles', async ({ page, db, makeUser, signIn }) => {
    const reader = await makeUser();
    const list = await makeChecklist(db, reader.id, { title: 'Calm list', items: ['Only step'] });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(reader);
    await page.goto(`/checklist/${list.id}`);
    await page.getByRole('list', { name: 'Items' }).getByText('Only step', { exact: true }).click();
    await expect(page.getByText('Congratulations! All items completed!')).toBeVisible();
    await expect(page.getByText('1 of 1 completed')).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(0);
    await expect(page.getByText('✨')).toHaveCount(0);
  });
});
