import { makeChecklist } from '../../src/server/seed/factories';
import { chooseOption, expect, failedRequest, test } from './support/fixtures';

// Small product rules: Back to Browse, the header's Activity badge, the dashboard's library button,
// Discover's samples, Follow on a private profile, Browse's counter and the detail's reload error.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const shot = (name: string, width: number) => `test-results/screenshots/${name}-${width}.png`;

test.describe('Back to Browse', () => {
  test('returns to Browse with its filters, even after passing a profile on the way', async ({
    page,
    db,
    makeUser,
  }) => {
    const word = `bb${unique()}`;
    const author = await makeUser({ username: `bb_${unique()}`.slice(0, 20), profileName: 'Bo Browse' });
    await makeChecklist(db, author.id, { title: `${word} first list` });
    await makeChecklist(db, author.id, { title: `${word} second list` });

    await page.goto(`/browse?q=${word}`);
    await page.getByRole('link', { name: `${word} first list` }).click();
    // Browse's cards name the author too: wait for the list itself before following its author.
    await expect(page.getByRole('heading', { level: 1, name: `${word} first list` })).toBeVisible();
    await page.getByRole('link', { name: 'Bo Browse' }).click();
    await expect(page).toHaveURL(new RegExp(`/user/${author.username}$`));
    await page.getByRole('link', { name: /View/ }).first().click();
    await expect(page).toHaveURL(/\/checklist\//);

    await page.getByRole('link', { name: 'Back to Browse' }).click();
    await expect(page).toHaveURL(new RegExp(`/browse\\?q=${word}$`));
    await expect(page.getByRole('searchbox', { name: 'Search checklists' })).toHaveValue(word);
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(
      'Showing 2 of 2 checklists (filtered)',
    );
  });

  test('after creating a list goes to Browse, not back to the form', async ({ page, makeUser, signIn }) => {
    await signIn(await makeUser());
    await page.goto('/create');
    await page.getByLabel('Title').fill(`Back test ${unique()}`);
    await page.getByLabel('Description').fill('Made to go back from.');
    await page.getByRole('textbox', { name: 'Item 1' }).fill('One thing');
    await page.getByRole('textbox', { name: 'Tag 1' }).fill('test');
    await chooseOption(page, 'Estimated time', '1 hour');
    await page.getByRole('button', { name: 'Create Checklist' }).click();
    await expect(page).toHaveURL(/\/checklist\/[0-9a-f-]{36}$/);

    await page.getByRole('link', { name: 'Back to Browse' }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Checklists' })).toBeVisible();
  });
});

test('the header’s user menu shows the unread count on Activity, on desktop and in the mobile menu', async ({
  page,
  signInWithLikedList,
}) => {
  await signInWithLikedList({ user: { profileName: 'Menu Author' }, list: { title: 'Menu badge list' } });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  await page.getByRole('button', { name: 'Hi, Menu Author!' }).click();
  await expect(page.getByRole('menuitem', { name: 'Activity 1 unread' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Account', exact: true })).toBeVisible();
  await page.screenshot({ path: shot('header-menu-badge', 1280) });
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).locator('..').getByRole('link', { name: 'Activity 1 unread' }),
  ).toBeVisible();
  await page.screenshot({ path: shot('header-menu-badge', 390) });
});

test('the dashboard’s detail offers "Add to Library", not the public page’s wording', async ({
  page,
  makeUser,
  makeUserWithList,
  signIn,
}) => {
  const { list } = await makeUserWithList({ list: { title: 'Library wording list' } });
  await signIn(await makeUser());
  await page.goto(`/dashboard/discover/${list.id}`);
  await expect(page.getByRole('button', { name: 'Add to Library', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to List Library' })).toHaveCount(0);
  await page.goto(`/checklist/${list.id}`);
  await expect(page.getByRole('button', { name: 'Add to List Library' })).toBeVisible();
});

test('Discover that fails to load shows marked samples in every section, and Try again loads it', async ({
  page,
  makeUser,
  signIn,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(failedRequest(500, /\/api\/discover$/)); // the failure the test makes
  await signIn(await makeUser());
  await page.route(/\/api\/discover$/, (route) => route.fulfill({ status: 500, body: '{}' }));

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/discover');
    await expect(page.getByText("Discover couldn't load right now, so these are sample checklists.")).toBeVisible();
    for (const section of ['Suggestions for You', 'Trending Checklists', 'Staff Picks']) {
      const region = page.getByRole('region', { name: `${section} (samples)` });
      await expect(region.getByRole('heading', { level: 2, name: `${section} (samples)` })).toBeVisible();
      await expect(region.getByRole('heading', { level: 3 })).toHaveCount(3);
      // Samples name no checklist, so they link nowhere.
      await expect(region.getByRole('heading', { level: 3 }).getByRole('link')).toHaveCount(0);
    }
    await page.screenshot({ path: shot('discover-samples', width), fullPage: true });
  }

  await page.unroute(/\/api\/discover$/);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText("Discover couldn't load right now, so these are sample checklists.")).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Suggestions for You', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Trending Checklists', exact: true })).toBeVisible();
});

test('a signed-in user follows a private profile, whose counts stay hidden', async ({ page, makeUser, signIn }) => {
  const quiet = await makeUser({
    username: `pq_${unique()}`.slice(0, 20),
    profileName: 'Hidden Name',
    isPublic: false,
  });
  await signIn(await makeUser());
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/user/${quiet.username}`);
    await expect(page.getByText('This profile is private.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Follow/ })).toBeVisible();
    await page.screenshot({ path: shot('private-profile-follow', width), fullPage: true });
  }
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unfollow', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /follower/ })).toHaveCount(0);
  await expect(page.getByText('Hidden Name')).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unfollow', exact: true })).toBeVisible();
});

test('a visitor sees no Follow button on a private profile', async ({ page, makeUser }) => {
  const quiet = await makeUser({ username: `pv_${unique()}`.slice(0, 20), isPublic: false });
  await page.goto(`/user/${quiet.username}`);
  await expect(page.getByText('This profile is private.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Follow/ })).toHaveCount(0);
});

test('Browse’s counter keeps the shown response’s numbers and label while a new search loads', async ({
  page,
  db,
  makeUser,
}) => {
  const word = `bc${unique()}`;
  const author = await makeUser();
  await makeChecklist(db, author.id, { title: `${word} counted list` });
  const counter = page.getByRole('status').filter({ hasText: 'Showing' });

  await page.goto('/browse');
  await expect(counter).toHaveText(/^Showing \d+ of [\d,]+ checklists$/);

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached: () => void = () => {};
  const isReached = new Promise<void>((resolve) => (reached = resolve));
  await page.route(
    (url) => url.pathname === '/api/checklists' && url.searchParams.get('q') === word,
    async (route) => {
      reached();
      await held;
      await route.continue();
    },
  );

  await page.getByRole('searchbox', { name: 'Search checklists' }).fill(word);
  await isReached;
  // The previous, unfiltered response is still on screen: so is its unfiltered label.
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await expect(counter).toHaveText(/^Showing \d+ of [\d,]+ checklists$/);
  release();
  await expect(counter).toHaveText('Showing 1 of 1 checklists (filtered)');
});

test('a list already shown whose reload fails says "Failed to load checklist." and keeps the list', async ({
  page,
  makeUser,
  makeUserWithList,
  signIn,
  allowConsoleErrors,
}) => {
  const { list } = await makeUserWithList({ list: { title: 'Reload failure list', items: ['Only step'] } });
  const listApi = new RegExp(`/api/checklists/${list.id}(/.*)?$`);
  allowConsoleErrors(failedRequest(500, new RegExp(`/api/checklists/${list.id}.*`))); // the failures the test makes
  await signIn(await makeUser());
  await page.goto(`/checklist/${list.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reload failure list' })).toBeVisible();

  // Once a completion is saved the list is read again (to show the server's state), and that read fails.
  await page.route(listApi, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
  );
  await page.getByText('Only step').click();
  await expect(page.getByText('Failed to load checklist.', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Reload failure list' })).toBeVisible();

  await page.unroute(listApi);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Failed to load checklist.', { exact: true })).toBeHidden();
});
