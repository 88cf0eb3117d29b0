import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Database } from '../../src/server/db/client';
import { follows, userListGroups, userListMemberships } from '../../src/server/db/schema';
import { makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { chooseOption, expect, failedRequest, test } from './support/fixtures';
import { E2E_BASE_URL } from './support/paths';
import { screenshotTour } from './support/screenshot-tour';

/** A user with lists, groups, a follower and notifications: every /me tab has something to show. */
async function furnish(db: Database, owner: CreatedUser, fan: CreatedUser, fanRequest: APIRequestContext) {
  const lists = [];
  for (const [index, title] of ['Moving house', 'Camping weekend', 'Job interview'].entries()) {
    lists.push(
      await makeChecklist(db, owner.id, {
        title,
        tags: ['home', 'planning', 'family'],
        createdAt: new Date(Date.UTC(2026, 0, index + 1)),
      }),
    );
  }
  const fansList = await makeChecklist(db, fan.id, { title: 'Packing for a baby' });
  const [weekend] = await db.insert(userListGroups).values({ userId: owner.id, name: 'Weekend' }).returning();
  await db.insert(userListGroups).values({ userId: owner.id, name: 'Old ideas' });
  await db.insert(userListMemberships).values({ userId: owner.id, checklistId: fansList.id, listGroupId: weekend!.id });
  await db.insert(follows).values({ followerId: fan.id, followedId: owner.id });
  // Real notifications, made by the fan's own calls.
  const headers = { origin: E2E_BASE_URL };
  const fanSignIn = await fanRequest.post('/api/auth/sign-in/email', {
    data: { email: fan.email, password: fan.password },
    headers,
  });
  expect(fanSignIn.status()).toBe(200);
  await fanRequest.put(`/api/checklists/${lists[0]!.id}/like`, { headers });
  await fanRequest.post(`/api/checklists/${lists[0]!.id}/comments`, { data: { content: 'So useful!' }, headers });
  await fanRequest.post('/api/auth/sign-out', { headers, data: {} });
  return { lists, fansList };
}

const menuLink = (page: Page, name: string | RegExp) =>
  page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name });

/** One try at a form: fills `fields` (label → value) in `form`, presses `submit`, and waits for `answer` there. */
async function submitExpecting(form: Page | Locator, fields: Record<string, string>, submit: string, answer: string) {
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: submit }).click();
  await expect(form.getByText(answer)).toBeVisible();
}

// One signed-in walk through the tabs of /me, a step per behaviour: they share one furnished user
// and one page, so a test each would only repeat that set-up.
test('a user works through the tabs of /me', async ({ page, db, makeUser, signIn, requestAs, allowConsoleErrors }) => {
  // The wrong current password the last step types on purpose.
  allowConsoleErrors(failedRequest(400, /\/api\/accounts\/change-password$/));
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await makeUser({ profileName: 'Alex Owner', avatarUrl: '🦊' });
  const fan = await makeUser({ profileName: 'Sam Fan' });
  await furnish(db, owner, fan, page.request);
  await signIn(owner);

  await test.step('Account Info is the default tab, and the stats count the user’s lists, followers and saved lists', async () => {
    await page.goto('/me?tab=unknown');
    await expect(page.getByRole('heading', { name: 'Account Info' })).toBeVisible();
    const stats = page.getByLabel('Your stats').getByRole('definition');
    await expect(page.getByLabel('Your stats')).toContainText('Followers1');
    await expect(page.getByLabel('Your stats')).toContainText('Created3');
    await expect(page.getByLabel('Your stats')).toContainText('Saved1');
    await expect(stats).toHaveCount(6);
    await expect(menuLink(page, /Activity/)).toContainText('2');
    await expect(page.getByText(owner.email)).toBeVisible();
  });

  await test.step('Activity shows the likes and comments unread, and Mark All as Read clears the badge', async () => {
    await menuLink(page, /Activity/).click();
    await expect(page.getByText('Sam Fan liked “Moving house”')).toBeVisible();
    await expect(page.getByText('Sam Fan commented on “Moving house”')).toBeVisible();
    // The like and the comment, and any badge the furnished lists earned.
    const markRead = page.getByRole('button', { name: 'Mark as Read' });
    await expect(markRead.first()).toBeVisible();
    const unreadCount = await markRead.count();
    expect(unreadCount).toBeGreaterThanOrEqual(2);
    await markRead.first().click();
    await expect(markRead).toHaveCount(unreadCount - 1);
    await page.getByRole('button', { name: 'Mark All as Read' }).click();
    await expect(page.getByRole('button', { name: 'Mark as Read' })).toHaveCount(0);
    await expect(menuLink(page, /Activity/)).toHaveText('Activity');
  });

  await test.step('in the List Library a user renames a group and deletes an empty one, but not a full one', async () => {
    await menuLink(page, 'List Library').click();
    await expect(page).toHaveURL(/tab=my-lists/);
    await expect(page.getByRole('link', { name: /Packing for a baby/ })).toContainText('by Sam Fan');
    await expect(page.getByRole('button', { name: 'Delete Weekend' })).toBeDisabled();
    await page.getByRole('button', { name: 'Rename Weekend' }).click();
    await expect(page.getByRole('dialog', { name: 'Rename Group' })).toBeVisible();
    await page.getByLabel('Group name').fill('Weekend trips');
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Weekend trips 1 list' })).toBeVisible();
    await expect(page.getByText('No lists in this group.')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Old ideas' }).click();
    await expect(
      page.getByText('Are you sure you want to delete the group Old ideas? This cannot be undone.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('button', { name: /Old ideas/ })).toHaveCount(0);
    await expect(page.getByText('No lists in this group.')).toBeHidden();
  });

  await test.step('in My Lists a user makes two lists private at once and one public again', async () => {
    await menuLink(page, 'My Lists').click();
    await expect(page).toHaveURL(/tab=created-lists/);
    await expect(page.getByText('Total lists')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select Moving house' }).click();
    await page.getByRole('checkbox', { name: 'Select Camping weekend' }).click();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('group', { name: 'Selected lists' }).getByRole('button', { name: 'Make Private' }).click();
    await expect(page.getByText('2 lists are now private')).toBeVisible();
    await chooseOption(page, 'Filter', 'Private');
    await expect(page.getByRole('checkbox', { name: /^Select (?!all$)/ })).toHaveCount(2);
    await page.getByRole('button', { name: 'Make public: Moving house' }).click();
    await expect(page.getByText('Public checklists can be discovered and used by other users.')).toBeVisible();
    await page.getByRole('button', { name: 'Make Public', exact: true }).click();
    await expect(page.getByText('List "Moving house" is now public')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Select (?!all$)/ })).toHaveCount(1);
    // The message goes by itself after 3 seconds; the margin is for a busy machine.
    await expect(page.getByText('List "Moving house" is now public')).toBeHidden({ timeout: 10_000 });
  });

  await test.step('a user changes the avatar and the profile name; a blank name is refused', async () => {
    await page.goto('/me');
    await page.getByRole('radio', { name: 'Avatar 🦉' }).click();
    await submitExpecting(page, { 'Profile Name': '  ' }, 'Save Changes', 'Profile name is required.');
    await submitExpecting(page, { 'Profile Name': 'Alex Oak' }, 'Save Changes', 'Profile updated!');
    await expect(page.getByRole('heading', { level: 1, name: 'Alex Oak' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Avatar 🦉' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Profile updated!')).toBeHidden();
  });

  await test.step('a user changes the username; a taken one is refused', async () => {
    // Unchanged → disabled; taken → the spec's message; free → changed.
    const usernameField = page.getByLabel('Username');
    const changeUsername = page.getByRole('button', { name: 'Change Username' });
    await expect(changeUsername).toBeDisabled();
    await usernameField.fill(fan.username.toUpperCase());
    await usernameField.blur();
    await expect(page.getByText('This username is already taken.')).toBeVisible();
    const newName = `oak_${owner.username.slice(-8)}`;
    await usernameField.fill(`${newName}!?`);
    await expect(usernameField).toHaveValue(newName);
    await changeUsername.click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page.getByRole('link', { name: `/user/${newName}` })).toBeVisible();
    await expect(changeUsername).toBeDisabled();
  });

  await test.step('the theme and the e-mail setting are stored on the account, not in the browser', async () => {
    await page.goto('/me?tab=settings');
    await page.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    const emailSwitch = page.getByRole('switch', { name: /Email me about new followers/ });
    await expect(emailSwitch).toBeChecked();
    await emailSwitch.click();
    await expect(emailSwitch).not.toBeChecked();
    await expect(emailSwitch).toBeEnabled();
    await page.evaluate(() => localStorage.clear()); // the saved setting, not this browser, brings it back
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('switch', { name: /Email me about new followers/ })).not.toBeChecked();
    await page.getByRole('radio', { name: 'Light' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  await test.step('a user changes the password once it is confirmed and the current one is right', async () => {
    await menuLink(page, 'Account').click();
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    const tryPasswords = (fields: Record<string, string>, answer: string) =>
      submitExpecting(dialog, fields, 'Change Password', answer);
    await tryPasswords(
      {
        'Current Password': 'not-my-password',
        'New Password': 'quiet-harbour-42',
        'Confirm New Password': 'quiet-harbour-43',
      },
      'New passwords do not match',
    );
    await tryPasswords({ 'Confirm New Password': 'quiet-harbour-42' }, 'Your current password is incorrect.');
    await tryPasswords({ 'Current Password': owner.password }, 'Password updated successfully!');
    // requestAs fails unless the new password signs in.
    await requestAs({ ...owner, password: 'quiet-harbour-42' });
  });
});

// Long lists come a page at a time: one user whose library and own lists both run past a page.
test('a long library group and a long My Lists each show a page, and Show more brings the rest', async ({
  page,
  db,
  makeUser,
  signIn,
}) => {
  const owner = await makeUser();
  const author = await makeUser();
  const [group] = await db.insert(userListGroups).values({ userId: owner.id, name: 'Everything' }).returning();
  for (let index = 1; index <= 52; index++) {
    const list = await makeChecklist(db, author.id, { title: `Kept ${String(index).padStart(2, '0')}` });
    await db.insert(userListMemberships).values({
      userId: owner.id,
      listGroupId: group!.id,
      checklistId: list.id,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
    });
  }
  for (let index = 1; index <= 31; index++) {
    await makeChecklist(db, owner.id, {
      title: `Plan ${String(index).padStart(2, '0')}`,
      createdAt: new Date(Date.UTC(2026, 0, index)),
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(owner);

  await test.step('a group of 52 lists shows 50, and Show more brings the other 2', async () => {
    await page.goto('/me?tab=my-lists');
    await expect(page.getByRole('button', { name: 'Everything 52 lists' })).toBeVisible();
    const removeButtons = page.getByRole('button', { name: /^Remove Kept \d+ from Everything$/ });
    await expect(removeButtons).toHaveCount(50);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(removeButtons).toHaveCount(52);
    await expect(removeButtons.last()).toHaveAccessibleName('Remove Kept 52 from Everything');
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  });

  await test.step('My Lists shows 30 lists at a time with Show more, sorted by the server', async () => {
    await menuLink(page, 'My Lists').click();
    const rows = page.getByRole('checkbox', { name: /^Select (?!all$)/ });
    await expect(rows).toHaveCount(30);
    await expect(rows.first()).toHaveAccessibleName('Select Plan 31');
    // The tiles count every list, not only the page shown.
    await expect(page.getByText('Total lists').locator('..')).toContainText('31');
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(rows).toHaveCount(31);
    await expect(rows.last()).toHaveAccessibleName('Select Plan 01');
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
    await chooseOption(page, 'Sort', 'Oldest');
    await expect(rows.first()).toHaveAccessibleName('Select Plan 01');
    await expect(rows).toHaveCount(30);
  });
});

test('a visitor on /me is asked to sign in; on a phone the /me menu is a collapsible profile menu', async ({
  page,
  makeUser,
  signIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await test.step('a visitor on /me is asked to sign in', async () => {
    await page.goto('/me');
    await expect(page.getByText('Please sign in to view your dashboard.')).toBeVisible();
  });
  await test.step('on a phone the /me menu is a collapsible profile menu', async () => {
    await signIn(await makeUser({ avatarUrl: '🐼' }));
    await page.goto('/me?tab=settings');
    const nav = page.getByRole('navigation', { name: 'Account' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Account menu: Settings' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'My Lists' }).click();
    await expect(page).toHaveURL(/tab=created-lists/);
    await expect(nav).toBeHidden();
    await expect(page.getByText("You haven't created any lists yet.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Your First List' })).toHaveAttribute('href', '/create');
  });
});

test('on a phone, Change Email and Change Password stay inside the Account Info card', async ({
  page,
  makeUser,
  signIn,
}) => {
  await signIn(await makeUser());
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/me');
    // On a phone the Username field fills the card's width: its right edge is the card's content edge.
    const field = (await page.getByLabel('Username').boundingBox())!;
    for (const name of ['Change Email', 'Change Password']) {
      const button = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(button.x + button.width, `${name} at ${width} px`).toBeLessThanOrEqual(field.x + field.width);
    }
  }
});

test.describe('screenshots of every /me tab', () => {
  let owner: CreatedUser;
  test.beforeAll(async ({ db, makeUser, requestAs }) => {
    owner = await makeUser({ profileName: 'Alex Owner', avatarUrl: '🦊' });
    const fan = await makeUser({ profileName: 'Sam Fan', avatarUrl: '🐼' });
    await furnish(db, owner, fan, await requestAs(fan));
  });
  screenshotTour({
    title: 'every /me tab',
    prefix: 'me',
    timeout: 60_000,
    user: () => owner,
    // Each tab and the heading it shows.
    stops: {
      account: 'Account Info',
      'my-lists': 'List Library',
      'created-lists': 'My Lists',
      activity: 'Activity',
      settings: 'Appearance',
    },
    show: async (page, tab, heading) => {
      await page.goto(`/me?tab=${tab}`);
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
    },
  });
});
