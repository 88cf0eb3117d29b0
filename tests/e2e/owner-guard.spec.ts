import { expect, test } from './support/fixtures';

test('only the owner of a list reaches its edit page; anyone else is sent to the list', async ({
  page,
  makeUser,
  signIn,
  signInWithList,
}) => {
  const { list } = await signInWithList({ list: { title: 'Owner only' } });
  await page.goto(`/edit-checklist/${list.id}`);
  await expect(page).toHaveURL(new RegExp(`/edit-checklist/${list.id}$`));
  await expect(page.getByRole('heading', { name: 'Edit Checklist' })).toBeVisible();

  // Leave the page first: a live page would refetch with the cookies gone (a 401 on the console).
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signIn(await makeUser());
  await page.goto(`/edit-checklist/${list.id}`);
  await expect(page).toHaveURL(new RegExp(`/checklist/${list.id}$`));

  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto(`/edit-checklist/${list.id}`);
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
