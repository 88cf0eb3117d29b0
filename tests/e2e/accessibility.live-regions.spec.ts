import { nestedLiveRegions } from './support/axe';
import { expect, failedRequest, test } from './support/fixtures';

// A message inside a live region that is itself inside one is read out twice by a screen reader.
// Each message of a page comes in one live region: checked with the message on screen, since an
// empty region hides nothing to nest. (Every route's own regions are checked by axeEveryRoute.)

test('My Lists and Activity read each confirmation and failure out once', async ({
  page,
  signInWithLikedList,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(
    failedRequest(500, /\/api\/checklists\/[^/]+\/visibility$/),
    failedRequest(500, /\/api\/notifications\/[^/]+$/),
  );
  await signInWithLikedList({ list: { title: 'Spoken once' }, fan: { profileName: 'Fay Fan' } });

  await test.step('My Lists’ confirmation is in one live region', async () => {
    await page.goto('/me?tab=created-lists');
    await page.getByRole('button', { name: 'Make private: Spoken once' }).click();
    await page.getByRole('button', { name: 'Make Private', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'List "Spoken once" is now private' })).toHaveCount(1);
    expect(await nestedLiveRegions(page)).toEqual([]);
  });

  await test.step('My Lists’ failure is in one live region', async () => {
    await page.route('**/api/checklists/*/visibility', (route) => route.fulfill({ status: 500, json: {} }));
    await page.getByRole('button', { name: 'Make public: Spoken once' }).click();
    await page.getByRole('button', { name: 'Make Public', exact: true }).click();
    await expect(page.getByText(/^Failed to update checklist visibility: /)).toBeVisible();
    expect(await nestedLiveRegions(page)).toEqual([]);
  });

  await test.step('Activity’s failure is in one live region', async () => {
    await page.route('**/api/notifications/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: {} }) : route.fallback(),
    );
    await page.goto('/me?tab=activity');
    await page.getByRole('button', { name: /^Delete notification: Fay Fan liked/ }).click();
    await expect(page.getByText('Failed to delete notification')).toBeVisible();
    expect(await nestedLiveRegions(page)).toEqual([]);
  });
});
