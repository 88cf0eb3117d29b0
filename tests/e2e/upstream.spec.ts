import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations, settled } from './support/axe';
import { expect, failedRequest, test } from './support/fixtures';

// A clone hears of its original's changes: its owner sees a banner on the list, reviews each change
// three ways, applies some, skips others, and keeps their own entries and ticks.

const SHOTS = '/tmp/shots-up51';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const fields = { description: 'Two nights away', tags: [], estimatedTime: '1 hour', difficulty: 'easy' };

type Detail = { id: string; items: { id: string; content: string }[] };

async function save(as: APIRequestContext, id: string | null, title: string, items: string[]): Promise<string> {
  const response = id
    ? await as.put(`/api/checklists/${id}`, { data: { ...fields, title, items } })
    : await as.post('/api/checklists', { data: { ...fields, title, items } });
  expect(response.status()).toBe(id ? 200 : 201);
  return id ?? ((await response.json()) as { id: string }).id;
}

async function cloneOf(as: APIRequestContext, id: string): Promise<Detail> {
  const response = await as.post(`/api/checklists/${id}/clone`);
  expect(response.status()).toBe(201);
  const { id: copy } = (await response.json()) as { id: string };
  return (await (await as.get(`/api/checklists/${copy}`)).json()) as Detail;
}

const banner = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'The original has changed since you cloned it' });
const card = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Changes' }).getByRole('listitem').filter({ hasText: text });

async function fitsWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Looked at by a person: 390 and 1280 px, after checking nothing overflows at 320. */
async function pictures(page: Page, name: string) {
  for (const width of [320, 390, 1280]) {
    await fitsWidth(page, width);
    if (width !== 320) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('the owner of a clone applies one of the original’s additions, skips the other, and keeps their own', async ({
  page,
  makeUser,
  requestAs,
  signIn,
}) => {
  test.setTimeout(90_000);
  const title = `Camping ${unique()}`;
  const author = await makeUser({ profileName: 'Ada Original', avatarUrl: '🦊' });
  const cloner = await makeUser({ profileName: 'Ben Cloner' });
  const asAuthor = await requestAs(author);
  const asCloner = await requestAs(cloner);
  const original = await save(asAuthor, null, title, ['Tent', 'Stove', 'Map']);
  const copy = await cloneOf(asCloner, original);
  const tent = copy.items.find((item) => item.content === 'Tent')!;
  expect((await asCloner.put(`/api/checklists/${copy.id}/items/${tent.id}/done`)).status()).toBe(200);
  await save(asCloner, copy.id, title, ['Tent', 'Stove', 'Map', 'Midge net']);
  await save(asAuthor, original, title, ['Tent', 'Pegs', 'Stove', 'Map', 'Torch']);

  await signIn(cloner);
  await test.step('the clone’s page says what changed and leads to the review', async () => {
    await page.goto(`/checklist/${copy.id}`);
    await expect(banner(page)).toContainText('The original has changed since you cloned it: 2 added');
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await pictures(page, 'banner');
    await banner(page).getByRole('link', { name: 'Review' }).click();
    await expect(page).toHaveURL(new RegExp(`/checklist/${copy.id}/upstream$`));
  });

  await test.step('each addition is a card, applied unless the owner skips it', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Changes from the original' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Changes' }).getByRole('listitem')).toHaveCount(2);
    const pegs = card(page, 'The original added “Pegs”');
    await expect(pegs.getByRole('radio', { name: 'Apply' })).toBeChecked();
    await expect(pegs.getByText('The original now')).toBeVisible();
    // The original had no Pegs then, and the owner's list has none.
    await expect(pegs.getByText('Not in the list')).toHaveCount(2);
    await card(page, 'The original added “Torch”').getByRole('radio', { name: 'Skip' }).click();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save review' }).click();
  });

  await test.step('the list has the applied item after its neighbour, the owner’s item and tick, and no banner', async () => {
    await expect(page).toHaveURL(new RegExp(`/checklist/${copy.id}$`));
    await expect(page.getByText('Applied 1 change from the original.')).toBeVisible();
    const items = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
    await expect(items).toHaveText([/Tent/, /Pegs/, /Stove/, /Map/, /Midge net/]);
    await expect(page.getByRole('checkbox', { name: 'Tent' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Pegs' })).not.toBeChecked();
    await expect(banner(page)).toHaveCount(0);
    await page.reload();
    await expect(items).toHaveCount(5);
    await expect(banner(page)).toHaveCount(0);
  });

  await test.step('the notification names the original’s author and opens the clone', async () => {
    const text = `Ada Original changed the original of your list “${title}”`;
    await page.goto('/dashboard/activity');
    const row = page.getByRole('list', { name: 'Activity' }).getByRole('listitem').filter({ hasText: text });
    await expect(row).toContainText('🦊');
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Recent Activity' }).getByRole('link', { name: text })).toBeVisible();
    await page.getByRole('button', { name: /notifications?$/i }).click();
    await page.getByRole('list', { name: 'Notifications' }).getByRole('button', { name: text }).click();
    await expect(page).toHaveURL(new RegExp(`/checklist/${copy.id}$`));
  });
});

test('a conflict keeps the owner’s side unless they choose the original’s, by keyboard; a review saved elsewhere is told', async ({
  page,
  makeUser,
  requestAs,
  signIn,
  allowConsoleErrors,
}) => {
  test.setTimeout(90_000);
  allowConsoleErrors(failedRequest(400, /\/api\/checklists\/[0-9a-f-]+\/upstream\/review$/));
  const title = `Hike ${unique()}`;
  const author = await makeUser();
  const cloner = await makeUser();
  const asAuthor = await requestAs(author);
  const asCloner = await requestAs(cloner);
  const original = await save(asAuthor, null, title, ['Boots', 'Stove']);
  const copy = await cloneOf(asCloner, original);
  const idOf = (content: string) => copy.items.find((item) => item.content === content)!.id;
  const reworded = (id: string | null, to: string) => ({
    ...fields,
    title,
    items: [
      { content: 'Boots', id: id === null ? undefined : idOf('Boots') },
      { content: to, id: id ?? undefined },
    ],
  });
  expect(
    (await asCloner.put(`/api/checklists/${copy.id}`, { data: reworded(idOf('Stove'), 'Gas stove') })).status(),
  ).toBe(200);
  const authorsList = (await (await asAuthor.get(`/api/checklists/${original}`)).json()) as Detail;
  const authorsStove = authorsList.items.find((item) => item.content === 'Stove')!.id;
  expect(
    (
      await asAuthor.put(`/api/checklists/${original}`, {
        data: { ...fields, title, items: [{ content: 'Boots' }, { content: 'Camping stove', id: authorsStove }] },
      })
    ).status(),
  ).toBe(200);
  await save(asAuthor, original, title, ['Boots', 'Camping stove', 'Water']);

  await signIn(cloner);
  await page.goto(`/checklist/${copy.id}/upstream`);
  const stove = card(page, 'The original reworded “Stove” to “Camping stove”');
  await expect(stove.getByText('Changed on both sides')).toBeVisible();
  await expect(stove.getByText('Gas stove')).toBeVisible();
  await expect(stove.getByRole('radio', { name: 'Keep mine' })).toBeChecked();
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await pictures(page, 'review-conflict');
  await page.setViewportSize({ width: 1280, height: 900 });

  await test.step('the choice is made with the arrow keys', async () => {
    await stove.getByRole('radio', { name: 'Keep mine' }).focus();
    // Held as a person holds a key: Radix moves the focus in a task after the key goes down, and
    // checks the radio it lands on only while an arrow key is down. Let go once the focus has
    // moved: on a busy machine the key's release could otherwise be handled before that task.
    await page.keyboard.down('ArrowUp');
    await expect(stove.getByRole('radio', { name: 'Use the original’s' })).toBeFocused();
    await page.keyboard.up('ArrowUp');
    await expect(stove.getByRole('radio', { name: 'Use the original’s' })).toBeChecked();
  });

  await test.step('a review saved meanwhile in another tab is refused with its reason, and read again', async () => {
    const review = (await (await asCloner.get(`/api/checklists/${copy.id}/upstream`)).json()) as {
      upstream: { toVersion: number };
    };
    const elsewhere = await asCloner.post(`/api/checklists/${copy.id}/upstream/review`, {
      data: { toVersion: review.upstream.toVersion, accept: [] },
    });
    expect(elsewhere.status()).toBe(200);
    await page.getByRole('button', { name: 'Save review' }).click();
    await expect(page.getByRole('alert')).toHaveText('These changes were already reviewed.');
    await expect(page.getByText('The original has not changed since you last reviewed it.')).toBeVisible();
  });
});

test('only the clone’s owner reaches its review; the switch for these notifications is kept', async ({
  page,
  makeUser,
  requestAs,
  signIn,
}) => {
  const [author, cloner] = [await makeUser(), await makeUser()];
  const original = await save(await requestAs(author), null, `Guarded ${unique()}`, ['Tent']);
  const copy = await cloneOf(await requestAs(cloner), original);

  await signIn(author);
  await page.goto(`/checklist/${copy.id}/upstream`);
  await expect(page).toHaveURL(new RegExp(`/checklist/${copy.id}$`));

  await page.goto('about:blank');
  await page.context().clearCookies();
  await signIn(cloner);
  await page.goto('/me?tab=settings');
  const toggle = page.getByRole('switch', { name: 'Changes to lists I cloned' });
  await expect(toggle).toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(
    'Tell me, at most once a day per list, when the original of a list I cloned changes.',
  );
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  await pictures(page, 'settings');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Changes to lists I cloned' })).not.toBeChecked();
  const me = (await (await page.request.get('/api/accounts/me')).json()) as { upstreamNotifications: boolean };
  expect(me.upstreamNotifications).toBe(false);
});
