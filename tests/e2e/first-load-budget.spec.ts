import { expect, test } from '@playwright/test';
import { formatKb } from '../../scripts/bundle-size';
import { findPublicPages } from '../../scripts/built-app';
import { measureFirstLoad, publicRoutes, ROUTE_BUDGET_BYTES, type FirstLoad } from '../../scripts/first-load';
import { E2E_BASE_URL } from './support/paths';

// Each public page, opened in a phone's Chromium with an empty cache, fetches at most the budget of
// JavaScript (gzip bytes as sent) until its network is idle: `npm run size`'s measure, on the
// e2e server's build and demo content.

const describeLoad = (load: FirstLoad) =>
  [
    `${load.route}: ${formatKb(load.totalBytes)} in ${load.scripts.length} scripts`,
    ...load.scripts.map((script) => `  ${formatKb(script.bytes)} ${script.path} (${script.encoding})`),
  ].join('\n');

let routes: Record<string, string>;
test.beforeAll(async () => {
  routes = publicRoutes(await findPublicPages(E2E_BASE_URL));
});

const names = Object.keys(publicRoutes({ checklist: '', profile: '', tag: '' }));
for (const name of names) {
  test(`${name} fetches at most 150 KB of JavaScript before its network is idle`, async ({ browser }) => {
    const load = await measureFirstLoad(browser, E2E_BASE_URL, routes[name]!);
    // The page's own entry is among them: the measure saw the page load.
    expect(load.scripts.some((script) => /^\/assets\/index-.+\.js$/.test(script.path))).toBe(true);
    // Counted in the budget's unit: every script the build compressed came as its gzip copy.
    const plain = load.scripts.filter((script) => script.encoding !== 'gzip' && script.bytes >= 1024);
    expect(plain, describeLoad(load)).toEqual([]);
    // The service worker registers once the first load is over: its precache is not part of it.
    expect(
      load.scripts.filter((script) => script.byServiceWorker),
      describeLoad(load),
    ).toEqual([]);
    expect(load.totalBytes, describeLoad(load)).toBeLessThanOrEqual(ROUTE_BUDGET_BYTES);
  });
}
