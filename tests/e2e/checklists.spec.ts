import type { Page } from '@playwright/test';
import { checklistInputMessages } from '../../src/domain/checklists/checklist-fields';
import { E2E_BASE_URL } from './support/paths';
import { expect, test } from './support/fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** Ticks or unticks an item the way a reader does: by clicking its row. */
const toggleItem = (page: Page, content: string) =>
  page.getByRole('list', { name: 'Items' }).getByText(content, { exact: true }).click();

test('the content loop: create, edit, tick off, like, comment, clone, hide and delete a list', async ({
  page,
  playwright,
  makeUser,
  signIn,
}) => {
  test.setTimeout(90_000);
  const owner = await makeUser({ profileName: 'Owen Owner' });
  const reader = await makeUser({ profileName: 'Rita Reader' });
  const title = `Weekend camping ${unique()}`;

  // The owner creates a list; an empty form shows every message once.
  await signIn(owner);
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
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Remove tag 2' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Everything for two nights under canvas.');
  await page.getByRole('textbox', { name: 'Item 1' }).fill('Pack the tent');
  await page.getByRole('textbox', { name: 'Item 1' }).press('Enter');
  await page.getByRole('textbox', { name: 'Item 2' }).fill('Pack the stove');
  await page.getByRole('textbox', { name: 'Tag 1' }).fill('camping');
  await page.getByRole('combobox', { name: 'Estimated time' }).click();
  await page.getByRole('option', { name: '1 hour' }).click();
  await page.getByRole('group', { name: 'Difficulty' }).getByText('Hard', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Hard' })).toBeChecked();
  await page.screenshot({ path: 'test-results/screenshots/create-form-1280.png', fullPage: true });
  await page.getByRole('button', { name: 'Create Checklist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const listUrl = page.url();
  const listId = listUrl.split('/checklist/')[1]!;

  // ...edits it...
  await page.getByRole('link', { name: 'Edit Checklist' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: 'Item 2' })).toHaveValue('Pack the stove');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByRole('textbox', { name: 'Item 3' }).fill('Pack a torch');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByRole('checkbox')).toHaveCount(3);

  // ...ticks every item, is congratulated, and resets.
  await expect(page.getByText('0 of 3 completed')).toBeVisible();
  await expect(page.getByText('0 uses')).toBeVisible();
  await toggleItem(page, 'Pack the tent');
  await expect(page.getByText('1 use', { exact: true })).toBeVisible();
  await toggleItem(page, 'Pack the tent');
  await expect(page.getByText('0 uses')).toBeVisible();
  for (const item of ['Pack the tent', 'Pack the stove', 'Pack a torch']) await toggleItem(page, item);
  await expect(page.getByText('3 of 3 completed')).toBeVisible();
  await expect(page.getByText('Congratulations! All items completed!')).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(1); // the confetti, started by the last tick
  await page.reload();
  await expect(page.getByText('3 of 3 completed')).toBeVisible();
  await expect(page.getByText('Congratulations! All items completed!')).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(0); // not replayed on load
  await page.getByRole('button', { name: 'Reset progress' }).click();
  await expect(page.getByText('0 of 3 completed')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Like/ })).toBeDisabled();
  await page.getByRole('group', { name: 'You cannot like your own list.' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('You cannot like your own list.');

  // Another user likes it, comments, edits and deletes the comment, and clones it.
  await page.context().clearCookies();
  await signIn(reader);
  await page.goto(listUrl);
  await page.getByRole('button', { name: /^Like/ }).click();
  await expect(page.getByRole('button', { name: 'Like (1 like)' })).toBeVisible();
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

  await page.getByRole('button', { name: 'Clone', exact: true }).click();
  await expect(page.getByText('Checklist cloned! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/edit-checklist\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByRole('link', { name: `Cloned from ${title}` })).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('link', { name: `Cloned from ${title}` })).toBeVisible();

  // The owner makes it private: the other user now finds nothing; then the owner deletes it.
  const asOwner = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
  expect(
    (
      await asOwner.post('/api/auth/sign-in/email', { data: { email: owner.email, password: owner.password } })
    ).status(),
  ).toBe(200);
  expect((await asOwner.patch(`/api/checklists/${listId}/visibility`, { data: { isPublic: false } })).status()).toBe(
    200,
  );
  await page.goto(listUrl);
  await expect(page.getByRole('heading', { name: 'Checklist Not Found' })).toBeVisible();
  await expect(page.getByText("The checklist you're looking for doesn't exist.")).toBeVisible();
  expect((await asOwner.delete(`/api/checklists/${listId}`)).status()).toBe(200);
  expect((await asOwner.get(`/api/checklists/${listId}`)).status()).toBe(404);
  await asOwner.dispose();
});

test('a visitor ticks items in the browser and keeps them on reload; Clone and comments ask to sign in', async ({
  page,
  db,
  makeUser,
}) => {
  const { createChecklist } = await import('../../src/server/seed/factories');
  const author = await makeUser();
  const list = await createChecklist(db, author.id, { title: `Visitor list ${unique()}`, items: ['First', 'Second'] });
  await page.goto(`/checklist/${list.id}`);
  await toggleItem(page, 'First');
  await expect(page.getByText('1 of 2 completed')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'First' })).toBeChecked();
  await expect(page.getByText('1 of 2 completed')).toBeVisible();
  await expect(page.getByText('Sign in to post a comment.')).toBeVisible();
  await page.getByRole('link', { name: 'Clone' }).click();
  await expect(page).toHaveURL(/\/login/);

  // Signing in from there returns to the list, now seen as its author (nothing cached from before).
  await page.getByLabel('Email').fill(author.email);
  await page.getByLabel('Password', { exact: true }).fill(author.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/checklist/${list.id}$`));
  await expect(page.getByRole('link', { name: 'Edit Checklist' })).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`detail and create screenshots at ${width} px`, async ({ page, db, makeUser, signIn }) => {
    const { createChecklist } = await import('../../src/server/seed/factories');
    const author = await makeUser({ profileName: 'Pat Planner', avatarUrl: '🦊' });
    const list = await createChecklist(db, author.id, {
      title: 'Moving house: the last week',
      description: 'What to do in the final seven days before the move.',
      items: ['Confirm the removal van', 'Defrost the freezer', 'Take meter readings', 'Pack an essentials box'],
      tags: ['moving house', 'planning'],
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

test('a reader shares a list and files it in a new group of the library', async ({
  page,
  context,
  db,
  makeUser,
  signIn,
}) => {
  const { createChecklist } = await import('../../src/server/seed/factories');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const list = await createChecklist(db, (await makeUser()).id, { title: `Library list ${unique()}` });
  await signIn(await makeUser());
  await page.goto(`/checklist/${list.id}`);

  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect(page.getByText('Link copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible(); // back after 1.5 s

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
