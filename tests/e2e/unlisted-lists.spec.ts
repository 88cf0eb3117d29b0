import { visibilityHints } from '../../src/domain/checklists/visibility';
import { chooseOption, expect, test } from './support/fixtures';

// Decision 024: "Anyone with the link" (unlisted), chosen in the form and in My Lists.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test('an owner creates a list for anyone with the link, and a visitor opens the link signed out', async ({
  page,
  browser,
  makeUser,
  signIn,
}) => {
  const title = `Lantern walk ${unique()}`;
  await signIn(await makeUser({ profileName: 'Lena Link' }));
  await page.goto('/create');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('A walk by lantern light, for friends I send it to.');
  await page.getByRole('textbox', { name: 'Item 1' }).fill('Light the lantern');
  await chooseOption(page, 'Estimated time', '1 hour');
  const visibility = page.getByRole('group', { name: 'Visibility' });
  await expect(visibility.getByRole('radio', { name: 'Public' })).toBeChecked();
  await visibility.getByRole('radio', { name: 'Anyone with the link' }).click();
  await expect(visibility.getByRole('radio', { name: 'Anyone with the link' })).toBeChecked();
  await expect(visibility.getByText(visibilityHints.unlisted)).toBeVisible();
  await page.getByRole('button', { name: 'Create Checklist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Anyone with the link', { exact: true })).toBeVisible();
  const link = page.url();

  // A fresh context: no session cookie, nothing cached.
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByText('Light the lantern')).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Lena Link' })).toBeVisible();
    // Yet Browse does not list it.
    await visitor.goto(`/browse?q=${encodeURIComponent(title)}`);
    await expect(visitor.getByText('No checklists found matching your criteria')).toBeVisible();
  } finally {
    await visitorContext.close();
  }
});

test('in My Lists an owner makes a public list unlisted, and it says so', async ({ page, signInWithList }) => {
  const title = `Shared plan ${unique()}`;
  await signInWithList({ list: { title } });
  await page.goto('/me?tab=created-lists');
  await page.getByRole('button', { name: `Make unlisted: ${title}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: 'Make Unlisted?' })).toBeVisible();
  await expect(
    confirm.getByText(
      'Unlisted checklists stay out of Browse and your profile, but anyone with the link can use them.',
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Make Unlisted', exact: true }).click();
  await expect(page.getByText(`List "${title}" is now unlisted`)).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('Anyone with the link', { exact: true })).toBeVisible();
  // Beside it, the spec's toggle now offers Make public, and the third button Make private.
  await expect(page.getByRole('button', { name: `Make public: ${title}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Make private: ${title}` })).toBeVisible();
});
