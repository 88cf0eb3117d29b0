import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { hideThing } from '../../src/server/moderation/holds';
import { expect, test } from './support/fixtures';

// What people see of moderation besides the queue: the author of a hidden list reads why and asks
// for a review once; a moderator picks a list from its page; an admin reads the audit log and
// grants a role. Pictures of each screen go to /tmp/shots-notices for people to look at.

const SHOTS = '/tmp/shots-notices';
const shoot = async (page: Page, name: string) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
};

test('the author sees the hidden notice on their list and asks for a review once', async ({
  page,
  db,
  signInWithList,
}) => {
  const { list } = await signInWithList({ list: { title: 'Cheap pills everywhere' } });
  await hideThing(db, 'checklist', list.id, 'Spam links');
  await page.goto(`/checklist/${list.id}`);
  await expect(page.getByText('Hidden by the moderators: Spam links')).toBeVisible();
  await shoot(page, 'hidden-notice');
  await page.getByRole('button', { name: 'Ask for a review' }).click();
  await expect(page.getByText('A moderator will review it.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Hidden by the moderators: Spam links')).toBeVisible();
  await expect(page.getByText('A moderator will review it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask for a review' })).toHaveCount(0);
});

test('a moderator toggles Staff pick on a public list, and a reader sees no such switch', async ({
  page,
  db,
  makeUserWithList,
  signInAsNewUser,
}) => {
  const { list } = await makeUserWithList({ list: { title: 'Pickable packing list' } });
  await signInAsNewUser();
  await page.goto(`/checklist/${list.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pickable packing list' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Staff pick' })).toHaveCount(0);

  await signInAsNewUser({ role: 'moderator' });
  await page.goto(`/checklist/${list.id}`);
  const toggle = page.getByRole('switch', { name: 'Staff pick' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Staff pick' })).toBeChecked();
  const picked = await db.execute(sql`select 1 from staff_picks where checklist_id = ${list.id}`);
  expect(picked.rows).toHaveLength(1);
});

test('an admin reads the audit log and grants a role; a moderator finds no such pages', async ({
  page,
  db,
  makeUser,
  makeUserWithList,
  signIn,
}) => {
  const admin = await makeUser({ profileName: 'Ada Admin', role: 'admin' });
  const { list } = await makeUserWithList({ list: { title: 'Audited list' } });
  await db.execute(sql`insert into moderation_actions (actor_id, actor_username, action, target_type, target_id, reason)
    values (null, null, 'auto_hide', 'checklist', ${list.id}, 'reported by several people')`);
  const newcomer = await makeUser();

  await signIn(admin);
  await page.goto('/moderation/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await page.getByLabel('Username').fill(newcomer.username);
  await page.getByRole('button', { name: 'Grant' }).click();
  await expect(page.getByText(`${newcomer.username} is now: Moderator.`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: `Role of ${newcomer.username}` })).toBeVisible();
  await shoot(page, 'roles');

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const log = page.getByRole('list', { name: 'Audit log' });
  // Other tests write to the log at the same time: the grant is found by whom it names.
  const grant = log.getByRole('listitem').filter({ hasText: `User ${newcomer.username}` });
  await expect(grant).toContainText(admin.username);
  await expect(grant).toContainText('Granted role');
  await expect(log.getByRole('listitem').filter({ hasText: 'Audited list' })).toContainText('Automatic');
  await shoot(page, 'audit');

  await signIn(newcomer);
  await page.goto('/moderation/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
