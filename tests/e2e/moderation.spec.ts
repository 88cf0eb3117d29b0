import { runRoleCommand } from '../../src/server/moderation/role-grants.actions';
import { makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { addComment, openCase } from '../setup/moderation-cases';
import { seriousViolations, settled } from './support/axe';
import { expect, test } from './support/fixtures';

// The moderators' queue as a moderator works it: the reports gathered by thing, a list hidden with
// a reason, its author suspended; what was hidden is gone for a visitor.

test.describe('the moderation queue', () => {
  let moderator: CreatedUser;
  let author: CreatedUser;
  let title: string;

  test.beforeEach(async ({ db, makeUser }) => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    title = `Zqmod cheap watches ${tag}`;
    moderator = await makeUser({ profileName: 'Mia Moderator' });
    // The role script's own function, as `npm run role -- grant <username> moderator` runs it.
    expect((await runRoleCommand(db, { verb: 'grant', username: moderator.username, role: 'moderator' })).ok).toBe(
      true,
    );
    author = await makeUser({ profileName: 'Sam Spammer' });
    const reporters = [await makeUser(), await makeUser()];
    const list = await makeChecklist(db, author.id, {
      title,
      description: 'Buy cheap watches today only',
      items: ['Visit my shop', 'Enter your card', 'Wait'],
    });
    await openCase(
      db,
      {
        type: 'checklist',
        id: list.id,
        ownerId: author.id,
        snapshot: {
          type: 'checklist',
          title,
          visibility: 'public',
          tags: [],
          description: 'Buy cheap watches today only',
          // Longer than the queue's preview: what was reported is at the end, in a note.
          entries: [
            ...['Visit my shop', 'Enter your card', 'Wait', 'Wait more', 'Check the mail', 'Smile', 'Wait again'].map(
              (content) => ({ kind: 'item', content, note: '' }),
            ),
            { kind: 'item', content: 'Pay', note: 'Gift cards only, send the codes' },
          ],
        },
      },
      [
        { reporterId: reporters[0]!.id, reason: 'spam', note: 'Advertising a shop' },
        { reporterId: reporters[1]!.id, reason: 'spam' },
      ],
    );
    const commented = await makeChecklist(db, reporters[0]!.id, { title: `Zqmod packing ${tag}` });
    const commentId = await addComment(db, commented.id, author.id, 'Cheap watches at my shop!!!');
    await openCase(
      db,
      {
        type: 'comment',
        id: commentId,
        ownerId: author.id,
        snapshot: {
          type: 'comment',
          content: 'Cheap watches at my shop!!!',
          checklist: { id: commented.id, title: commented.title },
        },
      },
      [{ reporterId: reporters[1]!.id, reason: 'harassment', note: 'Keeps posting this' }],
    );
  });

  test('a moderator hides a reported list and suspends its author; the list is gone from Browse for a visitor', async ({
    page,
    signIn,
    browser,
  }) => {
    await signIn(moderator);
    await page.goto('/browse');
    // The user menu leads moderators to the queue.
    await page.getByRole('button', { name: /Hi, Mia Moderator/ }).click();
    await page.getByRole('menuitem', { name: 'Moderation' }).click();
    await expect(page).toHaveURL(/\/moderation$/);
    await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^Moderation/);

    const listCard = page.getByRole('article').filter({ hasText: title });
    await expect(listCard.getByText('List', { exact: true })).toBeVisible();
    await expect(listCard.getByRole('heading', { name: '2 reports' })).toBeVisible();
    await expect(listCard.getByText('Spam × 2')).toBeVisible();
    await expect(listCard.getByText('Advertising a shop')).toBeVisible();
    await expect(listCard.getByText('Visit my shop')).toBeVisible();

    await listCard.getByRole('button', { name: 'Hide' }).click();
    const hide = page.getByRole('dialog', { name: 'Hide it' });
    await hide.getByRole('button', { name: 'Hide' }).click();
    await expect(hide.getByRole('alert')).toHaveText('Give a reason.');
    await hide.getByLabel('Reason').fill('Advertising, not a checklist');
    await hide.getByRole('button', { name: 'Hide' }).click();
    await expect(page.getByText('Hidden.')).toBeVisible();
    await expect(listCard).toHaveCount(0);

    const commentCard = page.getByRole('article').filter({ hasText: 'Cheap watches at my shop!!!' });
    await commentCard.getByRole('button', { name: 'Suspend user' }).click();
    const suspend = page.getByRole('dialog', { name: `Suspend @${author.username}` });
    await suspend.getByLabel('Reason').fill('Spamming the site');
    await suspend.getByLabel('Length').click();
    await page.getByRole('option', { name: '30 days' }).click();
    await suspend.getByRole('button', { name: 'Suspend user' }).click();
    await expect(page.getByText('User suspended.')).toBeVisible();
    await expect(commentCard).toHaveCount(0);

    const visitor = await browser.newPage();
    await visitor.goto(`/browse?q=${encodeURIComponent(title)}`);
    await settled(visitor);
    await expect(visitor.getByText(title)).toHaveCount(0);
    await visitor.close();
  });

  test('the queue passes axe, fits 320 px, and is photographed at 390 and 1280 px', async ({ page, signIn }) => {
    // Axe at two widths and two photographs, after a sign-in: longer than most tests on a slow machine.
    test.setTimeout(90_000);
    await signIn(moderator);
    // The dashboard's account menu leads there too.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu for Mia Moderator' }).click();
    await expect(page.getByRole('menuitem', { name: 'Moderation' })).toBeVisible();
    await page.keyboard.press('Escape');

    for (const width of [390, 1280] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/moderation');
      await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `/tmp/shots-queue/queue-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 320, height: 700 });
    await settled(page);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

    await page.setViewportSize({ width: 390, height: 900 });
    const card = page.getByRole('article').filter({ hasText: title });
    // The preview shows the first entries; the rest, with their notes, on asking.
    await expect(card.getByText('Check the mail')).toBeVisible();
    await expect(card.getByText('Smile')).toHaveCount(0);
    const showAll = card.getByRole('button', { name: 'Show all 8 entries' });
    await expect(showAll).toHaveAttribute('aria-expanded', 'false');
    await showAll.click();
    await expect(card.getByText('Gift cards only, send the codes')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Show fewer entries' })).toHaveAttribute('aria-expanded', 'true');
    await card.screenshot({ path: '/tmp/shots-queue/case-all-entries-390.png' });
    await card.getByRole('button', { name: 'Show fewer entries' }).click();
    await expect(card.getByText('Smile')).toHaveCount(0);

    await card.getByRole('button', { name: 'Suspend user' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: '/tmp/shots-queue/suspend-dialog-390.png' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // The mobile menu leads there too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Moderation' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Staff picks' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await page.screenshot({ path: '/tmp/shots-queue/staff-picks-390.png', fullPage: true });
  });

  test('a user who is not a moderator finds no such page, and no Moderation entry', async ({ page, signIn }) => {
    await signIn(author);
    await page.goto('/moderation');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('button', { name: /Hi, Sam Spammer/ }).click();
    await expect(page.getByRole('menuitem', { name: 'List Library' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Moderation' })).toHaveCount(0);
  });
});
