import { makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { expect, failedRequest, test } from './support/fixtures';
import { screenshotTour } from './support/screenshot-tour';

// The shell's behaviours share one signed-in page, a step each.
test('the dashboard shell: sign-in guard, menu, search, avatar menu, the phone’s bottom bar and Logout', async ({
  page,
  makeUser,
  signIn,
  allowConsoleErrors,
}) => {
  test.setTimeout(60_000);
  // Known race (seen once in three clean-clone runs): a profile or unread-count refetch already on
  // its way when the session ends responds 401 before the page reloads to /. Harmless to the user;
  // the sign-out's query cancellation does not reach a request the browser has already sent.
  allowConsoleErrors(
    failedRequest(401, /\/api\/accounts\/me$/),
    failedRequest(401, /\/api\/notifications\/unread-count$/),
  );
  await page.setViewportSize({ width: 1280, height: 900 });

  await test.step('a visitor is sent from the dashboard to sign in', async () => {
    await page.goto('/dashboard/settings');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fsettings/);
  });
  await signIn(await makeUser({ profileName: 'Dana Dash', avatarUrl: '🐙' }));

  await test.step('the side menu lists every dashboard page and marks the current one', async () => {
    await page.goto('/dashboard/settings');
    const menu = page.getByRole('navigation', { name: 'Dashboard', exact: true });
    for (const label of [
      'Home',
      'Create',
      'Discover',
      'My Lists',
      'Collections',
      'Badges',
      'Profile',
      'Activity',
      'Settings',
    ]) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Collections' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
    await expect(page.getByText('You have no list groups yet.')).toBeVisible();
  });

  await test.step('the dashboard search opens Browse with the words', async () => {
    await page.getByRole('searchbox', { name: 'Search checklists' }).fill('camping tent');
    await page.getByRole('searchbox', { name: 'Search checklists' }).press('Enter');
    await expect(page).toHaveURL(/\/browse\?q=camping(\+|%20)tent/);
  });

  await test.step('the avatar menu opens the profile page', async () => {
    await page.goto('/dashboard/activity');
    await page.getByRole('button', { name: 'Account menu for Dana Dash' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByRole('switch', { name: /Email me about new followers/ })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Change Password' })).toBeEnabled();
  });

  await test.step('on a phone the side menu gives way to a bottom bar of five shortcuts', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('navigation', { name: 'Dashboard', exact: true })).toBeHidden();
    const bottom = page.getByRole('navigation', { name: 'Dashboard shortcuts' });
    await expect(bottom.getByRole('link')).toHaveText(['Home', 'Discover', 'My Lists', 'Profile', 'Settings']);
    await bottom.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
  });

  await test.step('Logout in the avatar menu ends the session', async () => {
    await page.getByRole('button', { name: 'Account menu for Dana Dash' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Dashboard shortcuts' })).toHaveCount(0);
    expect((await page.request.get('/api/accounts/me')).status()).toBe(401);
  });
});

test('the create wizard checks each step, moves back and forth, and creates the list', async ({
  page,
  makeUser,
  signIn,
}) => {
  await signIn(await makeUser());
  await page.goto('/dashboard/create');
  const next = page.getByRole('button', { name: 'Next' });
  const back = page.getByRole('button', { name: 'Back' });
  await expect(back).toBeDisabled();
  await expect(page.getByText('under 60 characters')).toBeVisible();

  // Step 1: title and description after trimming.
  await page.getByLabel('Title').fill('   ');
  await next.click();
  await expect(page.getByText('Title is required.')).toBeVisible();
  await expect(page.getByText('Description is required.')).toBeVisible();
  await page.getByLabel('Title').fill('Bike tune-up');
  await page.getByLabel('Description').fill('Before the first spring ride.');
  await next.click();
  await expect(page.getByRole('heading', { name: 'Step 2: Add Items' })).toBeVisible();

  // Step 2: at least one non-blank item.
  await next.click();
  await expect(page.getByText('At least one item is required.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove item 1' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Item 1' }).fill('Oil the chain');
  await page.getByRole('textbox', { name: 'Item 1' }).press('Enter');
  await expect(page.getByRole('textbox', { name: 'Item 2' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Item 2' }).fill('Pump the tyres');
  // The same row editor as /create: rows move up and down, and focus stays on the moved row.
  await page.getByRole('button', { name: 'Move item 2 up' }).click();
  await expect(page.getByRole('textbox', { name: 'Item 1' })).toHaveValue('Pump the tyres');
  await expect(page.getByRole('button', { name: 'Move item 1 down' })).toBeFocused();
  // A blank row is left out, not refused.
  await page.getByRole('button', { name: 'Add item' }).click();
  await next.click();
  await expect(page.getByRole('heading', { name: 'Step 3: Review & Create' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Review' }).getByRole('listitem')).toHaveText([
    'Pump the tyres',
    'Oil the chain',
  ]);

  // The header goes back to a completed step, and the values stay.
  await page.getByRole('button', { name: /Basic Info/ }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Bike tune-up');
  await next.click();
  await next.click();

  await page.getByRole('button', { name: 'Create Checklist' }).click();
  await expect(page.getByText('Estimated time is required.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Tag 1' }).fill('cycling');
  await page.getByLabel('Estimated time').click();
  await page.getByRole('option', { name: '30 minutes' }).click();
  await page.getByRole('radio', { name: 'Easy' }).click();
  await page.getByRole('button', { name: 'Create Checklist' }).click();

  await expect(page).toHaveURL(/\/dashboard\/lists\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bike tune-up' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Lists' }).first()).toBeVisible();
  await expect(page.getByText('0 of 2 completed')).toBeVisible();
  await page.getByText('Pump the tyres').click();
  await expect(page.getByText('1 of 2 completed')).toBeVisible();
  await expect(page.getByText('50%')).toBeVisible();
  await expect(page.getByText('Pump the tyres')).toHaveClass(/line-through/);
  // The same truth as the public page: the completion was saved on the server.
  await page.goto(page.url().replace('/dashboard/lists/', '/checklist/'));
  await expect(page.getByText('1 of 2 completed')).toBeVisible();
});

// A newcomer's first visit, in the order a person takes it: each step builds on the one before
// (progress, the badge and its notification are this user's), so they are steps of one test.
test('a new user walks the dashboard; finishing a list begun on Discover earns a badge shown everywhere', async ({
  page,
  db,
  makeUser,
  signIn,
}) => {
  test.setTimeout(90_000);
  const author = await makeUser({ profileName: 'Ada Author' });
  const lists = [];
  for (const title of ['Spring cleaning', 'Balcony garden', 'Rainy day games', 'Tax return prep']) {
    lists.push(await makeChecklist(db, author.id, { title, items: ['First step', 'Second step'] }));
  }
  const taxes = lists[3]!;
  const newcomer = await makeUser({ profileName: 'Nia New', avatarUrl: '🦄' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(newcomer);

  await test.step('Home welcomes a new user with no badges, nothing in progress and suggestions', async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome back, Nia New!' })).toBeVisible();
    await expect(page.getByLabel('Your stats')).toContainText('Badges0');
    await expect(page.getByText('Nothing in progress.')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Suggestions for You' }).getByRole('link', { name: /./ }).first(),
    ).toBeVisible();
  });

  await test.step('My Lists shows a new user nothing created and nothing in progress', async () => {
    await page.goto('/dashboard/lists');
    await expect(page.getByRole('tab', { name: 'Created' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No lists found.')).toBeVisible();
    await page.getByRole('tab', { name: 'In Progress' }).click();
    await expect(page.getByRole('tab', { name: 'In Progress' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No lists found.')).toBeVisible();
  });

  await test.step('Discover shows three sections of three cards, and View All goes to Browse in the same order', async () => {
    await page
      .getByRole('navigation', { name: 'Dashboard', exact: true })
      .getByRole('link', { name: 'Discover' })
      .click();
    for (const section of ['Suggestions for You', 'Trending Checklists', 'Staff Picks']) {
      await expect(
        page.getByRole('region', { name: section }).getByRole('heading', { level: 2, name: section }),
      ).toBeVisible();
    }
    // Three cards a section, each titled one level below its section.
    for (const section of ['Suggestions for You', 'Trending Checklists', 'Staff Picks']) {
      await expect(page.getByRole('region', { name: section }).getByRole('heading', { level: 3 })).toHaveCount(3);
    }
    await expect(page.getByRole('link', { name: 'View All: Trending Checklists' })).toHaveAttribute(
      'href',
      '/browse?order=most-used',
    );
  });

  await test.step('a Discover card opens the list, whose way back is Discover', async () => {
    const firstCard = page
      .getByRole('region', { name: 'Trending Checklists' })
      .getByRole('heading', { level: 3 })
      .first()
      .getByRole('link');
    const cardTitle = (await firstCard.textContent())!.trim();
    await firstCard.click();
    await expect(page).toHaveURL(/\/dashboard\/discover\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: cardTitle })).toBeVisible();
    await page.getByRole('link', { name: 'Discover' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/discover$/);
  });

  await test.step('a list begun on Discover resumes from In Progress and congratulates on its last completion', async () => {
    await page.goto(`/dashboard/discover/${taxes.id}`);
    // The tick shows at once and reaches the server just after (the device's queue sends it): the
    // next page is opened by its address, as a new load, once the server has it.
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes('/done') && response.ok(),
    );
    await page.getByText('First step').click();
    await expect(page.getByText('1 of 2 completed')).toBeVisible();
    await saved;
    await page.goto('/dashboard/lists?tab=in-progress');
    await expect(page.getByText('1 of 2 items completed')).toBeVisible();
    await page.getByRole('link', { name: 'Resume Tax return prep' }).click();
    await page.getByText('Second step').click();
    await expect(page.getByText('Congratulations! All items completed!')).toBeVisible();
    await expect(page.getByTestId('unread-badge')).toHaveText('1');
  });

  await test.step('finishing the list earned the Finisher badge, shown on Badges, in the bell, on the profile and on Home', async () => {
    await page.goto('/dashboard/badges');
    const earned = page.getByRole('region', { name: 'Earned' });
    await expect(earned.getByText('Finisher')).toBeVisible();
    await expect(earned.getByText(/^Earned [A-Z][a-z]{2} /)).toBeVisible();
    await expect(page.getByRole('region', { name: 'To earn' }).getByText('Closer')).toBeVisible();
    await expect(page.getByRole('region', { name: 'To earn' }).getByText('1 / 5')).toBeVisible();

    await page.getByRole('button', { name: /notifications?$/i }).click();
    await expect(page.getByText('You earned the badge “Finisher”')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto(`/user/${newcomer.username}`);
    await expect(page.getByRole('list', { name: 'Badges' })).toContainText('Finisher');

    await page.goto('/dashboard');
    await expect(page.getByLabel('Your stats')).toContainText('Badges1');
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    await expect(activity.getByText('You completed “Tax return prep”')).toBeVisible();
    await expect(activity.getByText('You earned the badge “Finisher”')).toBeVisible();
  });
});

test.describe('screenshots of every dashboard page', () => {
  let user: CreatedUser;
  const lists: Awaited<ReturnType<typeof makeChecklist>>[] = [];
  test.beforeAll(async ({ db, makeUser, requestAs }) => {
    const author = await makeUser({ profileName: 'Ada Author', avatarUrl: '🦉' });
    for (const title of ['Spring cleaning', 'Balcony garden', 'Rainy day games', 'Tax return prep']) {
      lists.push(await makeChecklist(db, author.id, { title, tags: ['home'], items: ['One', 'Two', 'Three'] }));
    }
    user = await makeUser({ profileName: 'Nia New', avatarUrl: '🦄' });
    const asUser = await requestAs(user);
    await asUser.put(`/api/checklists/${lists[0]!.id}/items/${lists[0]!.items[0]!.id}/done`);
  });

  screenshotTour({
    title: 'every dashboard page',
    prefix: 'dashboard',
    timeout: 90_000,
    user: () => user,
    // Each page and its path under /dashboard.
    stops: {
      home: '',
      create: '/create',
      discover: '/discover',
      'discover-detail': '/discover/:second',
      lists: '/lists?tab=in-progress',
      'list-detail': '/lists/:first',
      collections: '/collections',
      badges: '/badges',
      profile: '/profile',
      activity: '/activity',
      settings: '/settings',
    },
    show: async (page, _name, path) => {
      await page.goto(`/dashboard${path.replace(':first', lists[0]!.id).replace(':second', lists[1]!.id)}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
    },
  });
});
