import type { Page } from '@playwright/test';
import { checklistItems, checklistTickStats } from '../../src/server/db/schema';
import { refreshItemSuggestions } from '../../src/server/checklists/item-suggestions.actions';
import { makeChecklist } from '../../src/server/seed/factories';
import { seriousViolations, settled } from './support/axe';
import { expect, test } from './support/fixtures';

// Living lists as people see them: what people really tick on a busy public list, the ideas from
// remixes its author is offered, and the items suggested while a list is written.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** Pictures for people to look at (SHOTS_DIR or test-results/, not committed). */
const picture = (page: Page, name: string, width: number) =>
  page.screenshot({
    path: `${process.env.SHOTS_DIR ?? 'test-results/screenshots'}/living-lists-${name}-${width}.png`,
    fullPage: true,
  });

/** No serious axe finding, nothing wider than 320 px, and a picture at 390 and 1280 px. */
async function looksRight(page: Page, name: string) {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (width !== 320) await picture(page, name, width);
  }
}

test('a busy public list shows what people really tick, and its author how it is counted', async ({
  page,
  db,
  makeUserWithList,
  signIn,
}) => {
  const { user: author, list } = await makeUserWithList({
    list: { title: `Harbour swim ${unique()}`, items: ['Check the tide', 'Bring a towel', 'Added later'] },
  });
  const [tide, towel] = list.items;
  // The scheduled refresh's row, as it writes it: shares by each entry's key (its id until reworded).
  await db.insert(checklistTickStats).values({
    checklistId: list.id,
    people: 12,
    shares: { [tide!.key ?? tide!.id]: 92, [towel!.key ?? towel!.id]: 17 },
    completedRuns: 6,
    usualSeconds: 1500,
  });

  await page.goto(`/checklist/${list.id}`);
  const items = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(items.nth(0)).toContainText('92% tick this');
  await expect(items.nth(0)).not.toContainText('often skipped');
  await expect(items.nth(1)).toContainText('17% tick this');
  await expect(items.nth(1)).toContainText('often skipped');
  // An item added since the figures were counted has no share.
  await expect(items.nth(2)).not.toContainText('tick this');
  await expect(page.getByRole('checkbox', { name: 'Check the tide' })).toHaveAccessibleDescription('92% tick this');
  await expect(page.getByText('Usually takes about 25 minutes')).toBeVisible();
  await expect(page.getByText('Based on 12 people')).toBeVisible();
  await expect(page.getByText(/From the people who finished this list/)).toHaveCount(0);
  await looksRight(page, 'shares');

  // Printed, the list is the list: no shares.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText('92% tick this')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await signIn(author);
  for (const path of [`/checklist/${list.id}`, `/dashboard/lists/${list.id}`]) {
    await page.goto(path);
    await expect(page.getByText(/From the people who finished this list/)).toBeVisible();
    await expect(page.getByText('92% tick this')).toBeVisible();
  }
  await looksRight(page, 'shares-author-dashboard');
});

test('an author is offered what three remixers added, adds it, and finds it at the end of the list', async ({
  page,
  db,
  makeUser,
  makeUserWithList,
  requestAs,
  signIn,
}) => {
  const idea = `Tent footprint ${unique()}`;
  const unwanted = `Camp chair ${unique()}`;
  const { user: author, list } = await makeUserWithList({
    list: { title: `Wild camp ${unique()}`, items: ['Pitch the tent', 'Boil water'] },
  });
  for (const name of ['Ada Remix', 'Ben Remix', 'Cy Remix']) {
    const remixer = await makeUser({ profileName: name });
    const clone = (await (await (await requestAs(remixer)).post(`/api/checklists/${list.id}/clone`)).json()) as {
      id: string;
    };
    // The remixer's own item: no source in the original.
    await db.insert(checklistItems).values([
      { checklistId: clone.id, content: idea, orderIndex: 10 },
      { checklistId: clone.id, content: unwanted, orderIndex: 11 },
    ]);
  }

  await signIn(author);
  await page.goto(`/checklist/${list.id}`);
  const ideas = page.getByRole('region', { name: 'Ideas from remixes' });
  await expect(ideas).toBeVisible();
  await expect(ideas).toContainText(idea);
  await expect(ideas).toContainText('3 remixes added this');
  await expect(ideas).toContainText(/Added by (Ada|Ben|Cy) Remix, (Ada|Ben|Cy) Remix and (Ada|Ben|Cy) Remix/);
  await expect(ideas.getByRole('button', { name: `Dismiss: ${idea}` })).toBeVisible();
  await looksRight(page, 'ideas');

  await ideas.getByRole('button', { name: `Dismiss: ${unwanted}` }).click();
  await expect(page.getByText('Dismissed.')).toBeVisible();
  await expect(ideas).not.toContainText(unwanted);

  await ideas.getByRole('button', { name: `Add to my list: ${idea}` }).click();
  await expect(page.getByText('Added to your list.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem').last()).toContainText(idea);
  await expect(ideas).toHaveCount(0);
});

test('while a list is written (form or wizard), items similar public lists have are suggested, and one press adds one', async ({
  page,
  db,
  makeUser,
  signInWithList,
}) => {
  const suggested = `Tent pegs ${unique()}`;
  const other = await makeUser();
  for (const title of ['Camping weekend away', 'Family camping weekend', 'Camping weekend checklist'])
    await makeChecklist(db, other.id, { title, items: ['Sleeping bag', suggested, 'Head torch'] });
  // Worked out ahead, as the server does every hour.
  await refreshItemSuggestions(db);
  await signInWithList();

  // The wizard's items step suggests them too, from the title of its first step.
  await page.goto('/dashboard/create');
  await page.getByLabel('Title').fill('Camping weekend');
  await page.getByLabel('Description').fill('Two nights under canvas.');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2: Add Items' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Add “${suggested}”` })).toBeVisible();

  await page.goto('/create');
  await page.getByRole('textbox', { name: 'Item 1' }).fill('Sleeping bag');
  await page.getByLabel('Title').fill('Camping weekend');
  const chip = page.getByRole('button', { name: `Add “${suggested}”` });
  await expect(chip).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lists like this usually include…' })).toBeVisible();
  // Already on the list: never suggested.
  await expect(page.getByRole('button', { name: 'Add “Sleeping bag”' })).toHaveCount(0);
  await looksRight(page, 'suggestions');

  await chip.click();
  await expect(page.getByRole('textbox', { name: 'Item 2' })).toHaveValue(suggested);
  await expect(chip).toHaveCount(0);

  // Turned off, they go, and stay off on the next visit.
  await page.getByRole('switch', { name: 'Suggest items' }).click();
  await expect(page.getByRole('region', { name: 'Lists like this usually include…' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Suggest items' })).toHaveAttribute('aria-checked', 'false');
  expect(await page.evaluate(() => window.localStorage.getItem('ticklist.suggestItems'))).toBe('false');
});
