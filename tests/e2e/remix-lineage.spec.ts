import type { Page } from '@playwright/test';
import { clonedChecklists } from '../../src/server/db/schema';
import { makeChecklist } from '../../src/server/seed/factories';
import { seriousViolations, settled } from './support/axe';
import { expect, failedRequest, test } from './support/fixtures';

// Remix lineage on a list's page: "Cloned from …, originally by …" on a clone of a clone, and
// "Remixes (N)", the public clones of a list.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** Pictures for people to look at (test-results/, not committed). */
const picture = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `test-results/screenshots/remix-lineage-${name}-${width}.png`, fullPage: true });

async function fitsWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('a chain of three remixes credits its first author, and after the middle one is deleted names the first list', async ({
  page,
  db,
  makeUser,
  requestAs,
  signIn,
}) => {
  const title = `Harbour swim ${unique()}`;
  const ada = await makeUser({ profileName: 'Ada Harbour' });
  const ben = await makeUser({ profileName: 'Ben Middle' });
  const cy = await makeUser({ profileName: 'Cy Lately' });
  const first = await makeChecklist(db, ada.id, { title, items: ['Check the tide', 'Bring a towel'] });
  const asBen = await requestAs(ben);
  const middle = (await (await asBen.post(`/api/checklists/${first.id}/clone`)).json()) as { id: string };
  const asCy = await requestAs(cy);
  const last = (await (await asCy.post(`/api/checklists/${middle.id}/clone`)).json()) as { id: string };

  // Cy's copy came from Ben's, which came from Ada's. Cy reads it signed in: a visitor's page may be
  // cached for a few seconds, and this test changes the chain under it.
  await signIn(cy);
  await page.goto(`/checklist/${last.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: `Cloned from ${title}` })).toHaveAttribute(
    'href',
    `/checklist/${middle.id}`,
  );
  await expect(page.getByText('originally by Ada Harbour')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ada Harbour' })).toHaveAttribute('href', `/user/${ada.username}`);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [320, 390, 1280]) {
    await fitsWidth(page, width);
    if (width !== 320) await picture(page, 'badge', width);
  }

  // Ben deletes his copy: Cy's is credited to Ada's list, one hop away.
  expect((await asBen.delete(`/api/checklists/${middle.id}`)).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('link', { name: `Cloned from ${title}` })).toHaveAttribute(
    'href',
    `/checklist/${first.id}`,
  );
  await expect(page.getByText('originally by')).toHaveCount(0);

  // Ada's list shows its one public remix, Cy's, which opens from there.
  await page.goto(`/checklist/${first.id}`);
  const remixes = page.getByRole('region', { name: 'Remixes (1)' });
  await expect(remixes).toBeVisible();
  await expect(remixes.getByRole('listitem')).toHaveCount(1);
  await expect(remixes.getByRole('link', { name: 'Cy Lately' })).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [320, 390, 1280]) {
    await fitsWidth(page, width);
    if (width !== 320) await picture(page, 'remixes', width);
  }
  await remixes.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/checklist/${last.id}$`));
  await expect(page.getByRole('link', { name: `Cloned from ${title}` })).toBeVisible();
});

test('a list with only private and unlisted clones shows no Remixes; Show more pages a long list', async ({
  page,
  db,
  makeUser,
}) => {
  const owner = await makeUser();
  const cloner = await makeUser({ profileName: 'Rita Remix' });
  const quiet = await makeChecklist(db, owner.id, { title: `Quiet ${unique()}` });
  const busy = await makeChecklist(db, owner.id, { title: `Busy ${unique()}` });
  const cloneOf = async (
    original: { id: string; title: string },
    visibility: 'public' | 'private' | 'unlisted',
    title: string,
    minutesAgo: number,
  ) => {
    const copy = await makeChecklist(db, cloner.id, {
      title,
      visibility,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await db.insert(clonedChecklists).values({
      originalChecklistId: original.id,
      originalTitle: original.title,
      clonedChecklistId: copy.id,
      clonedBy: cloner.id,
    });
  };
  await cloneOf(quiet, 'private', 'Kept to myself', 2);
  await cloneOf(quiet, 'unlisted', 'Only by link', 1);
  for (let n = 1; n <= 12; n++) await cloneOf(busy, 'public', `Remix number ${n}`, 20 - n);

  await page.goto(`/checklist/${quiet.id}`);
  await settled(page);
  await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Remixes/ })).toHaveCount(0);

  await page.goto(`/checklist/${busy.id}`);
  const remixes = page.getByRole('region', { name: 'Remixes (12)' });
  await expect(remixes.getByRole('listitem')).toHaveCount(10);
  await expect(remixes.getByRole('listitem').first()).toContainText('Remix number 12');
  await remixes.getByRole('button', { name: 'Show more' }).click();
  await expect(remixes.getByRole('listitem')).toHaveCount(12);
  await expect(remixes.getByRole('listitem').last()).toContainText('Remix number 1');
  await expect(remixes.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});

test('remixes that fail to load say so, and Try again loads them', async ({
  page,
  db,
  makeUser,
  signInWithList,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(failedRequest(500, /\/api\/checklists\/[^/]+\/remixes$/));
  const { list } = await signInWithList();
  const cloner = await makeUser({ profileName: 'Rory Retry' });
  const copy = await makeChecklist(db, cloner.id, { title: `Retried remix ${unique()}` });
  await db.insert(clonedChecklists).values({
    originalChecklistId: list.id,
    originalTitle: list.title,
    clonedChecklistId: copy.id,
    clonedBy: cloner.id,
  });
  await page.route('**/api/checklists/*/remixes', (route) => route.fulfill({ status: 500, json: {} }));
  await page.goto(`/checklist/${list.id}`);
  const remixes = page.getByRole('region', { name: 'Remixes' });
  await expect(remixes.getByText('Failed to load remixes.')).toBeVisible();
  await page.unroute('**/api/checklists/*/remixes');
  await remixes.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Remixes (1)' }).getByRole('link', { name: copy.title })).toBeVisible();
});
