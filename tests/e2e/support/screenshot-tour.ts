import type { Page } from '@playwright/test';
import type { CreatedUser } from '../../../src/server/seed/factories';
import { test } from './fixtures';

/**
 * Pictures, not behaviours: one test per width signs in as `user()` and walks every stop on one
 * page, a step each. `show` opens a stop and waits until it has loaded; then a full-page picture
 * goes to test-results/screenshots/<prefix>-<stop>-<width>.png. Entrance animations are off, or
 * they would still be running when a picture is taken.
 */
export function screenshotTour({
  title,
  prefix,
  timeout,
  user,
  stops,
  show,
}: {
  title: string;
  prefix: string;
  timeout: number;
  user: () => CreatedUser;
  /** Each stop's name (the step's and the picture's) and what else `show` needs to open it. */
  stops: Record<string, string>;
  show: (page: Page, name: string, value: string) => Promise<void>;
}) {
  for (const width of [1280, 390]) {
    test(`${title} at ${width} px`, async ({ page, signIn }) => {
      test.setTimeout(timeout);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signIn(user());
      for (const [name, value] of Object.entries(stops)) {
        await test.step(name, async () => {
          await show(page, name, value);
          await page.screenshot({ path: `test-results/screenshots/${prefix}-${name}-${width}.png`, fullPage: true });
        });
      }
    });
  }
}
