import { sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { checklistInputMessages } from '../../src/domain/checklists/checklist-fields';
import { makeChecklist } from '../../src/server/seed/factories';
import { chooseOption, expect, failedRequest, test } from './support/fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** Completes an item or takes the completion back the way a reader does: by clicking its row. */
const toggleItem = (page: Page, content: string) =>
  page.getByRole('list', { name: 'Items' }).getByText(content, { exact: true }).click();

// Each scenario is one test of steps, a behaviour each, on one signed-in page: the behaviours share
// their user, list and page, so a test each would only repeat that set-up.
test('an owner creates a list, edits it, works through it and cannot like it', async ({ page, makeUser, signIn }) => {
  test.setTimeout(90_000);
  const title = `Weekend camping ${unique()}`;
  await signIn(await makeUser({ profileName: 'Owen Owner' }));

  await test.step('an empty create form shows every message once', async () => {
    await page.goto('/create');
    await expect(page.getByRole('heading', { name: 'Create a New Checklist' })).toBeVisible();
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('button', { name: 'Create Checklist' }).click();
    for (const message of [
      checklistInputMessages.titleRequired,
      checklistInputMessages.descriptionRequired,
      checklistInputMessages.itemsFilled,
      checklistInputMessages.tagsFilled,
      checklistInputMessages.estimatedTimeRequired,
    ]) {
      await expect(page.getByText(message, { exact: true })).toHaveCount(1);
    }
  });

  await test.step('an owner creates a list with the form and lands on it', async () => {
    await page.goto('/create');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Everything for two nights under canvas.');
    await page.getByRole('textbox', { name: 'Item 1' }).fill('Pack the tent');
    await page.getByRole('textbox', { name: 'Item 1' }).press('Enter');
    await page.getByRole('textbox', { name: 'Item 2' }).fill('Pack the stove');
    await page.getByRole('textbox', { name: 'Tag 1' }).fill('camping');
    await chooseOption(page, 'Estimated time', '1 hour');
    await page.getByRole('group', { name: 'Difficulty' }).getByText('Hard', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Hard' })).toBeChecked();
    await page.screenshot({ path: 'test-results/screenshots/create-form-1280.png', fullPage: true });
    await page.getByRole('button', { name: 'Create Checklist' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveURL(/\/checklist\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('checkbox')).toHaveCount(2);
  });
  const listUrl = page.url();

  await test.step('the owner edits the list and adds an item', async () => {
    await page.getByRole('link', { name: 'Edit Checklist' }).click();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByRole('textbox', { name: 'Item 2' })).toHaveValue('Pack the stove');
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('textbox', { name: 'Item 3' }).fill('Pack a torch');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(listUrl);
    await expect(page.getByRole('checkbox')).toHaveCount(3);
  });

  await test.step('completing an item counts a use, and taking the completion back takes the use back', async () => {
    await expect(page.getByText('0 of 3 completed')).toBeVisible();
    await expect(page.getByText('0 uses')).toBeVisible();
    await toggleItem(page, 'Pack the tent');
    await expect(page.getByText('1 use', { exact: true })).toBeVisible();
    await toggleItem(page, 'Pack the tent');
    await expect(page.getByText('0 uses')).toBeVisible();
  });

  await test.step('ticking the last item congratulates with confetti, which a reload does not replay', async () => {
    // The suite runs with reduced motion (playwright.config.ts); the confetti is motion itself.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    for (const item of ['Pack the tent', 'Pack the stove', 'Pack a torch']) await toggleItem(page, item);
    await expect(page.getByText('3 of 3 completed')).toBeVisible();
    await expect(page.getByText('Congratulations! All items completed!')).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(1); // the confetti, started by the last completion
    await page.reload();
    await expect(page.getByText('3 of 3 completed')).toBeVisible();
    await expect(page.getByText('Congratulations! All items completed!')).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(0); // not replayed on load
  });

  await test.step('Start again, once confirmed, takes back every completion', async () => {
    await page.getByRole('button', { name: 'Start again' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start again' }).click();
    await expect(page.getByText('0 of 3 completed')).toBeVisible();
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
  });

  await test.step('an owner cannot like their own list, and the tooltip says why', async () => {
    await expect(page.getByRole('button', { name: /^Like/ })).toBeDisabled();
    const wrapper = page.getByRole('group', { name: 'You cannot like your own list.' });
    // The tooltip's code loads after the button is rendered; Radix marks its trigger once wired.
    await expect(wrapper).toHaveAttribute('data-state', 'closed');
    await wrapper.hover();
    await expect(page.getByRole('tooltip')).toHaveText('You cannot like your own list.');
  });
});

test('a reader likes, comments on, files, shares and clones a list, which its owner then hides', async ({
  page,
  context,
  makeUser,
  makeUserWithList,
  signIn,
  requestAs,
  allowConsoleErrors,
}) => {
  test.setTimeout(90_000);
  const { user: owner, list } = await makeUserWithList({
    user: { profileName: 'Owen Owner' },
    list: {
      title: `Weekend camping ${unique()}`,
      items: ['Pack the tent', 'Pack the stove', 'Pack a torch'],
      tags: ['camping'],
    },
  });
  // The response the last step asks for.
  allowConsoleErrors(failedRequest(404, new RegExp(`/api/checklists/${list.id}$`)));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(await makeUser({ profileName: 'Rita Reader' }));
  await page.goto(`/checklist/${list.id}`);

  await test.step('a reader likes a list', async () => {
    await page.getByRole('button', { name: /^Like/ }).click();
    await expect(page.getByRole('button', { name: 'Like, 1 like' })).toBeVisible();
  });

  await test.step('a reader comments, edits the comment and deletes it', async () => {
    await page.getByRole('textbox', { name: 'Add a comment' }).fill('  Bring spare tent pegs.  ');
    await page.getByRole('button', { name: 'Post' }).click();
    await expect(page.getByText('Bring spare tent pegs.')).toBeVisible();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'Edit comment' }).fill('Bring spare tent pegs and a mallet.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Bring spare tent pegs and a mallet.')).toBeVisible();
    await expect(page.getByText('(edited)')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Bring spare tent pegs and a mallet.')).toBeHidden();
  });

  await test.step('a reader files a list in a new group of the library', async () => {
    await page.getByRole('button', { name: 'Add to List Library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to List Library' });
    await expect(dialog.getByText('No list groups yet.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    await dialog.getByRole('textbox').fill('  Summer trips  ');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByRole('button', { name: /Summer trips/ }).click();
    await expect(dialog.getByRole('button', { name: /Summer trips/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Updated your Library!')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'In Library' })).toBeVisible();
  });

  await test.step('where the Web Share API is missing, Share copies the list’s address and says so', async () => {
    // Headless Chromium on Linux has no share sheet.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(page.getByText('Link copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible(); // back after 1.5 s
  });

  await test.step('a reader clones a list and saves the copy, which links its original', async () => {
    // The message shows for 0.9 s before the edit page replaces it: too short to poll for on a busy
    // machine, so the page itself reports whether it appeared.
    const sawMessage = page.evaluate(
      (text) =>
        new Promise<true>((resolve) => {
          const observer = new MutationObserver(() => {
            if (document.body.innerText.includes(text)) resolve(true);
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        }),
      'Checklist cloned! Redirecting...',
    );
    await page.getByRole('button', { name: 'Clone', exact: true }).click();
    expect(await sawMessage).toBe(true);
    await expect(page).toHaveURL(/\/edit-checklist\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel('Title')).toHaveValue(list.title);
    await expect(page.getByRole('link', { name: `Cloned from ${list.title}` })).toBeVisible();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('link', { name: `Cloned from ${list.title}` })).toBeVisible();
  });

  await test.step('a list its owner makes private is not found by a reader', async () => {
    const asOwner = await requestAs(owner);
    const hidden = await asOwner.patch(`/api/checklists/${list.id}/visibility`, { data: { isPublic: false } });
    expect(hidden.status()).toBe(200);
    await page.goto(`/checklist/${list.id}`);
    await expect(page.getByRole('heading', { name: 'Checklist Not Found' })).toBeVisible();
    await expect(page.getByText("The checklist you're looking for doesn't exist.")).toBeVisible();
    // One way back, under the message.
    await expect(page.getByRole('link', { name: 'Back to Browse' })).toHaveCount(1);
  });
});

test('a list its owner deletes is gone', async ({ makeUserWithList, requestAs }) => {
  const { user: owner, list } = await makeUserWithList({ list: { title: `Weekend camping ${unique()}` } });
  const asOwner = await requestAs(owner);
  expect((await asOwner.delete(`/api/checklists/${list.id}`)).status()).toBe(200);
  expect((await asOwner.get(`/api/checklists/${list.id}`)).status()).toBe(404);
});

test('an owner duplicates their own list into a private copy and lands on its edit page', async ({
  page,
  signInWithList,
}) => {
  const { list } = await signInWithList({
    list: { title: `Trip kit ${unique()}`, items: ['Tent', 'Stove'], tags: ['camping', 'Autumn'] },
  });
  await page.goto(`/checklist/${list.id}`);
  await expect(page.getByRole('button', { name: 'Clone', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page).toHaveURL(/\/edit-checklist\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(list.id);
  await expect(page.getByLabel('Title')).toHaveValue(`${list.title} (copy)`);
  await expect(page.getByRole('link', { name: /Cloned from/ })).toHaveCount(0);
  const copyId = page.url().split('/').at(-1)!;
  await page.goto(`/checklist/${copyId}`);
  await expect(page.getByRole('heading', { name: `${list.title} (copy)` })).toBeVisible();
  await expect(page.getByText('Private', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Tent' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Stove' })).toBeVisible();
});

test('a visitor on a list: completions stored in the browser, comments a page at a time, and sign-in to comment or clone', async ({
  page,
  db,
  browser,
  makeUserWithList,
  requestAs,
}) => {
  test.setTimeout(90_000);
  const { user: author, list } = await makeUserWithList({
    list: { title: `Visitor list ${unique()}`, items: ['First', 'Second'] },
  });
  await db.execute(sql`
    insert into checklist_comments (checklist_id, user_id, content, created_at, updated_at)
    select ${list.id}, ${author.id}, 'Remark ' || n, now() - make_interval(mins => 25 - n), now() - make_interval(mins => 25 - n)
    from generate_series(1, 25) n`);
  await page.goto(`/checklist/${list.id}`);

  await test.step('a visitor completes items in the browser and keeps them on reload', async () => {
    await toggleItem(page, 'First');
    await expect(page.getByText('1 of 2 completed')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'First' })).toBeChecked();
    await expect(page.getByText('1 of 2 completed')).toBeVisible();
  });

  await test.step('the visitor’s completions stay on their items when the author reorders and inserts items', async () => {
    const edit = await (
      await requestAs(author)
    ).put(`/api/checklists/${list.id}`, {
      data: {
        title: list.title,
        description: 'Reordered',
        items: ['Inserted', 'Second', 'First'],
        tags: [],
        estimatedTime: '1 hour',
        difficulty: 'medium',
      },
    });
    expect(edit.status()).toBe(200);
    // The visitor comes back later, with the same browser storage, once the edited list is served (a
    // visitor's page is rendered once for a few seconds, and their browser may cache its data).
    const later = await browser.newContext({ storageState: await page.context().storageState() });
    const again = await later.newPage();
    await expect(async () => {
      await again.goto(`/checklist/${list.id}`);
      await expect(again.getByRole('checkbox', { name: 'Inserted' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(again.getByRole('checkbox', { name: 'First' })).toBeChecked();
    await expect(again.getByRole('checkbox', { name: 'Inserted' })).not.toBeChecked();
    await expect(again.getByRole('checkbox', { name: 'Second' })).not.toBeChecked();
    await expect(again.getByText('1 of 3 completed')).toBeVisible();
    await later.close();
  });

  await test.step('comments come 20 at a time, newest first, with Show more for the rest', async () => {
    const comments = page.getByRole('region', { name: /Comments/ }).getByRole('listitem');
    await expect(page.getByRole('heading', { name: 'Comments (25)' })).toBeVisible();
    await expect(comments).toHaveCount(20);
    await expect(comments.first()).toContainText('Remark 25');
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(comments).toHaveCount(25);
    await expect(comments.last()).toContainText('Remark 1');
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  });

  await test.step('a visitor is asked to sign in to comment', async () => {
    await expect(page.getByText('Sign in to post a comment.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
  });

  await test.step('Clone sends a visitor to sign in and back to the list, now seen as its author', async () => {
    await page.getByRole('link', { name: 'Clone' }).click();
    await expect(page).toHaveURL(/\/login/);
    // Through the form: this is the sign-in page's own redirect (nothing cached from before).
    await page.getByLabel('Email').fill(author.email);
    await page.getByLabel('Password', { exact: true }).fill(author.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(new RegExp(`/checklist/${list.id}$`));
    await expect(page.getByRole('link', { name: 'Edit Checklist' })).toBeVisible();
  });
});

for (const width of [1280, 390]) {
  test(`detail and create screenshots at ${width} px`, async ({ page, makeUser, makeUserWithList, signIn }) => {
    const { list } = await makeUserWithList({
      user: { profileName: 'Pat Planner', avatarUrl: '🦊' },
      list: {
        title: 'Moving house: the last week',
        description: 'What to do in the final seven days before the move.',
        items: ['Confirm the removal van', 'Defrost the freezer', 'Take meter readings', 'Pack an essentials box'],
        tags: ['moving house', 'planning'],
      },
    });
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(await makeUser());
    await page.goto(`/checklist/${list.id}`);
    await toggleItem(page, 'Confirm the removal van');
    await expect(page.getByText('1 of 4 completed')).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/detail-${width}.png`, fullPage: true });
    await page.goto('/create');
    await expect(page.getByRole('heading', { name: 'Create a New Checklist' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/create-${width}.png`, fullPage: true });
  });
}

test('where the browser can share, Share opens its share sheet instead of copying, and closing it is not an error', async ({
  page,
  db,
  makeUser,
}) => {
  const list = await makeChecklist(db, (await makeUser()).id, { title: `Shared list ${unique()}` });
  // A share sheet that records what it was given (and is closed unused once asked to), and a
  // clipboard that says if it was used.
  await page.addInitScript(() => {
    const calls: ShareData[] = [];
    Object.assign(window, { shareCalls: calls, copies: 0, closeSheet: false });
    Object.defineProperty(navigator, 'share', {
      value: (data: ShareData) => {
        calls.push(data);
        return (window as unknown as { closeSheet: boolean }).closeSheet
          ? Promise.reject(new DOMException('Share canceled', 'AbortError'))
          : Promise.resolve();
      },
    });
    Object.defineProperty(navigator, 'canShare', { value: () => true });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.resolve(void Object.assign(window, { copies: 1 })) },
    });
  });
  await page.goto(`/checklist/${list.id}`);
  const title = await page.getByRole('heading', { level: 1 }).innerText();
  const shareCalls = () => page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls);

  await test.step('where the browser can share, Share opens its share sheet with the list’s title and address', async () => {
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(shareCalls).toEqual([{ title, url: page.url() }]);
    expect(await page.evaluate(() => (window as unknown as { copies: number }).copies)).toBe(0);
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(page.getByText('Link copied!')).toHaveCount(0);
  });

  await test.step('closing the share sheet is not an error: nothing is copied and nothing is reported', async () => {
    await page.evaluate(() => Object.assign(window, { closeSheet: true }));
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(async () => (await shareCalls()).length).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { copies: number }).copies)).toBe(0);
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(page.getByText('Link copied!')).toHaveCount(0);
    await expect(page.getByText('Could not copy the link.')).toHaveCount(0);
  });
});
