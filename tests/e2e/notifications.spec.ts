import type { Locator } from '@playwright/test';
import { notifications as notificationsTable } from '../../src/server/db/schema';
import { makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { E2E_BASE_URL } from './support/paths';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test('the bell: empty at first, then a like and a comment raise it without a reload; opening one marks it read', async ({
  page,
  playwright,
  makeUser,
  signInWithList,
}) => {
  const { list } = await signInWithList({ list: { title: 'Bell list' } });
  const fan = await makeUser({ profileName: 'Bea Fan' });
  await page.goto('/about');
  const bell = page.getByRole('button', { name: /notifications?$/i }).first();

  await test.step('the bell says so when there is nothing yet', async () => {
    await expect(bell).toHaveAccessibleName('Notifications');
    await bell.click();
    await expect(page.getByText('No notifications yet.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('No notifications yet.')).toBeHidden();
  });

  await test.step('a like and a comment raise the author’s bell without a reload; opening one marks it read', async () => {
    const asFan = await playwright.request.newContext({
      baseURL: E2E_BASE_URL,
      extraHTTPHeaders: { origin: E2E_BASE_URL },
    });
    expect(
      (await asFan.post('/api/auth/sign-in/email', { data: { email: fan.email, password: fan.password } })).status(),
    ).toBe(200);
    expect((await asFan.put(`/api/checklists/${list.id}/like`)).status()).toBe(200);
    expect((await asFan.post(`/api/checklists/${list.id}/comments`, { data: { content: 'Lovely' } })).status()).toBe(
      201,
    );

    await expect(bell).toHaveAccessibleName('2 unread notifications');
    await bell.click();
    const items = page.getByRole('list', { name: 'Notifications' }).getByRole('button');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Bea Fan commented on “Bell list”');
    await expect(items.nth(1)).toContainText('Bea Fan liked “Bell list”');
    await expect(items.first()).toContainText('New');
    await items.first().click();
    await expect(page).toHaveURL(new RegExp(`/checklist/${list.id}$`));
    await expect(bell).toHaveAccessibleName('1 unread notification');
    await asFan.dispose();
  });
});

/**
 * A test signed in as a user with three notifications: a like and a follow from a person, and a
 * badge from nobody.
 */
const notifiedTest = test.extend<{
  notified: { author: CreatedUser; fan: CreatedUser; liked: Awaited<ReturnType<typeof makeChecklist>> };
}>({
  notified: async ({ db, makeUser, requestAs, signIn }, use) => {
    const author = await makeUser({ profileName: 'Ann Author' });
    const fan = await makeUser({ profileName: 'Bea Fan', avatarUrl: '🐼' });
    const liked = await makeChecklist(db, author.id, { title: 'Target list' });
    const quick = await makeChecklist(db, author.id, { title: 'Quick win', items: ['Only step'] });
    const asFan = await requestAs(fan);
    expect((await asFan.put(`/api/users/${author.username}/follow`)).status()).toBe(200);
    expect((await asFan.put(`/api/checklists/${liked.id}/like`)).status()).toBe(200);
    // Completing a list earns the Finisher badge, whose notification nobody sent.
    const asAuthor = await requestAs(author);
    expect((await asAuthor.put(`/api/checklists/${quick.id}/items/${quick.items[0]!.id}/done`)).status()).toBe(200);
    await signIn(author);
    await use({ author, fan, liked });
  },
});

notifiedTest(
  'one notification leads to the same page from Home, the bell and the Activity tab',
  async ({ page, notified: { fan, liked } }) => {
    test.setTimeout(90_000);
    const notifications = [
      { text: 'Bea Fan liked “Target list”', target: `/checklist/${liked.id}` },
      { text: 'Bea Fan started following you', target: `/user/${fan.username}` },
      { text: 'You earned the badge “Finisher”', target: '/dashboard/badges' },
    ];
    const landsOn = (target: string) => expect(page).toHaveURL(new RegExp(`${target.replace(/[/]/g, '\\/')}$`));

    for (const { text, target } of notifications) {
      await test.step(`“${text}” opens ${target} from Home`, async () => {
        await page.goto('/dashboard');
        await page.getByRole('region', { name: 'Recent Activity' }).getByRole('link', { name: text }).click();
        await landsOn(target);
      });
      await test.step(`“${text}” opens ${target} from the bell`, async () => {
        await page.goto('/dashboard');
        await page.getByRole('button', { name: /notifications?$/i }).click();
        await page.getByRole('list', { name: 'Notifications' }).getByRole('button', { name: text }).click();
        await landsOn(target);
      });
      await test.step(`“${text}” opens ${target} from the Activity tab`, async () => {
        await page.goto('/dashboard/activity');
        await page.getByRole('list', { name: 'Activity' }).getByRole('link', { name: text }).click();
        await landsOn(target);
      });
    }
  },
);

notifiedTest(
  'a notification no person sent shows the system’s icon, not a person’s avatar, wherever it shows',
  async ({ page, db, notified: { author, liked } }) => {
    // Three pages, each checked by axe.
    test.setTimeout(90_000);
    // A notification without an actor, as one whose sender can no longer be read is.
    await db
      .insert(notificationsTable)
      .values({ userId: author.id, type: 'like', message: 'Someone liked “Target list”', checklistId: liked.id });
    const badge = 'You earned the badge “Finisher”';
    const nobodys = 'Someone liked “Target list”';
    const fromFan = 'Bea Fan liked “Target list”';
    const systemIcon = (row: Locator, icon: 'award' | 'system') => row.locator(`[data-system-icon="${icon}"]`);

    /** The badge has the award, the notification without an actor the neutral icon; the fan's has her avatar. */
    async function expectMarks(row: (text: string) => Locator) {
      await expect(systemIcon(row(badge), 'award')).toHaveAttribute('aria-hidden', 'true');
      await expect(row(badge)).not.toContainText('👤');
      await expect(systemIcon(row(nobodys), 'system')).toHaveAttribute('aria-hidden', 'true');
      await expect(row(nobodys)).not.toContainText('👤');
      await expect(row(fromFan)).toContainText('🐼');
      await expect(row(fromFan).locator('[data-system-icon]')).toHaveCount(0);
    }

    await test.step('in the bell', async () => {
      await page.goto('/dashboard');
      await page.getByRole('button', { name: /notifications?$/i }).click();
      const list = page.getByRole('list', { name: 'Notifications' });
      await expectMarks((text) => list.getByRole('listitem').filter({ hasText: text }));
      for (const text of [badge, nobodys]) {
        await expect(list.getByRole('button', { name: text })).not.toHaveAccessibleName(/avatar/i);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
    });

    await test.step('in the Activity tab', async () => {
      await page.goto('/dashboard/activity');
      const list = page.getByRole('list', { name: 'Activity' });
      await expectMarks((text) => list.getByRole('listitem').filter({ hasText: text }));
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step('in Home’s Recent Activity', async () => {
      await page.goto('/dashboard');
      const region = page.getByRole('region', { name: 'Recent Activity' });
      const row = (text: string) => region.getByRole('listitem').filter({ hasText: text });
      await expect(systemIcon(row(badge), 'award')).toHaveAttribute('aria-hidden', 'true');
      await expect(systemIcon(row(nobodys), 'system')).toHaveAttribute('aria-hidden', 'true');
      // A person's notification keeps its type's icon.
      await expect(row(fromFan)).toContainText('👍');
      await expect(row(fromFan).locator('[data-system-icon]')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  },
);
