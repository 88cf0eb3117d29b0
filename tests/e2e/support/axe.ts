import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * What the checks run: every rule axe runs by default (WCAG A and AA, and its best practices), and
 * "label in name" (WCAG 2.5.3, level A), which axe counts as experimental and runs only when asked.
 */
const AXE_OPTIONS = { rules: { 'label-content-name-mismatch': { enabled: true } } };

/**
 * What the builder puts into the page: axe-core's source on a document that has none yet, else a
 * statement that does nothing. In legacy mode the builder runs axe in the page, where a document
 * looked at in several looks keeps it between them. By default it put the source (1.3 MB) into the
 * page at every look, and again into a new tab where it finished the look: a small page's look took
 * several times as long.
 */
async function axeSourceFor(page: Page): Promise<string> {
  return (await page.evaluate(() => 'axe' in window)) ? ';' : axe.source;
}

/** Serious and critical violations on the page as it stands, by rule and target, for a readable failure. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page, axeSource: await axeSourceFor(page) })
    .options(AXE_OPTIONS)
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.failureSummary ?? ''}`),
    );
}

type Look = { width: 390 | 1280; colorScheme: 'light' | 'dark' };
/** Every route in every pairing of width and theme. */
const LOOKS: Look[] = [
  { width: 1280, colorScheme: 'light' },
  { width: 1280, colorScheme: 'dark' },
  { width: 390, colorScheme: 'dark' },
  { width: 390, colorScheme: 'light' },
];

/** The page has rendered its content: its main region, and no spinner still loading. */
export async function settled(page: Page) {
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('[role="status"].animate-spin')).toHaveCount(0, { timeout: 15_000 });
  // Colours still fading (a hover, a theme change) are measured once they have arrived.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Live regions inside another live region, as "inner in outer": a screen reader reads a message
 * in both out, so it is heard twice. Hidden and empty regions count too: a message can come into them.
 */
export async function nestedLiveRegions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const live = '[role="status"], [role="alert"], [aria-live]';
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()} ${['role', 'aria-live']
        .filter((name) => element.hasAttribute(name))
        .map((name) => `${name}="${element.getAttribute(name)}"`)
        .join(' ')}> "${(element.textContent ?? '').trim().slice(0, 60)}"`;
    return [...document.querySelectorAll(live)].flatMap((element) => {
      const outer = element.parentElement?.closest(live);
      return outer ? [`${describe(element)} in ${describe(outer)}`] : [];
    });
  });
}

/**
 * Each path loaded once, then looked at in its four looks (the theme follows the system's live);
 * its live regions are checked once, since nesting does not change with the look.
 */
export async function axeEveryRoute(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      await settled(page);
      found.push(...(await nestedLiveRegions(page)).map((line) => `${path} nested live region: ${line}`));
      for (const { width, colorScheme } of LOOKS) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        const root = page.locator('html');
        await (colorScheme === 'dark' ? expect(root) : expect(root).not).toHaveClass(/\bdark\b/);
        await settled(page);
        found.push(...(await seriousViolations(page)).map((line) => `${width} ${colorScheme} ${path} ${line}`));
      }
    });
  }
  expect(found).toEqual([]);
}

/** Collects the serious violations of the page in each state `check` is called in, labelled `what`. */
export function collectViolations(page: Page) {
  const found: string[] = [];
  return {
    found,
    check: async (what: string) => {
      found.push(...(await seriousViolations(page)).map((line) => `${what}: ${line}`));
    },
  };
}
