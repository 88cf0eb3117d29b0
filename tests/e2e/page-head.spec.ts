import { expect, test } from './support/fixtures';

// A public page arrives with its own title and links (for previews and crawlers);
// the app keeps the tab's title right as the user moves on, and drops the links of the page left.

test('a list’s page arrives titled; moving to Browse and to the author’s profile retitles the tab', async ({
  page,
  makeUserWithList,
}) => {
  const { user: author, list } = await makeUserWithList({
    user: { profileName: 'Hana Head' },
    list: { title: 'Head of the house', tags: ['heads'] },
  });

  const html = await (await page.request.get(`/checklist/${list.id}`)).text();
  expect(html).toContain('<title>Head of the house · Ticklist</title>');

  await page.goto(`/checklist/${list.id}`);
  await expect(page.getByRole('heading', { name: 'Head of the house' })).toBeVisible();
  await expect(page).toHaveTitle('Head of the house · Ticklist');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/checklist/${list.id}$`));

  await page.getByRole('link', { name: 'Back to Browse' }).first().click();
  await expect(page).toHaveURL(/\/browse/);
  await expect(page).toHaveTitle('Browse checklists · Ticklist');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);

  await page.goto(`/user/${author.username}`);
  await expect(page).toHaveTitle(`Hana Head (@${author.username}) · Ticklist`);
  // One feed link for the profile: the server's, taken over by the page, not a second one.
  await expect(page.locator(`link[rel="alternate"][href="/feeds/user/${author.username}.atom"]`)).toHaveCount(1);
  await page.getByRole('listitem').filter({ hasText: 'Head of the house' }).getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/checklist/${list.id}$`));
  await expect(page).toHaveTitle('Head of the house · Ticklist');
});
