// `npm run lighthouse` (after `npm run build`): Lighthouse on the landing page, Browse, a public
// checklist, a public profile and the two legal pages, with the mobile and desktop presets,
// against the built app started here on a free loopback port with a fresh embedded database and
// the demo content. It builds nothing, uses Debian's Chromium (/usr/bin/chromium, never a
// downloaded browser), and stops the app, its database and the browser when it is done, or interrupted.
//
//   npm run lighthouse                  the scores and metrics, one row per page and preset
//   npm run lighthouse -- --details     also FCP, the largest paint, what moved and each failed accessibility audit
//   npm run lighthouse -- --save DIR    also each report's JSON in DIR
//   npm run lighthouse -- --observed    also the mobile preset measured, not simulated: Chromium's own
//                                       network and CPU throttling (Lighthouse's "devtools" method)
//   npm run lighthouse -- --offline-only  only the list opened offline (below)
//
// Then a public list is opened with no connection on the mobile preset's CPU (measureOfflineOpen).
//
// Lighthouse simulates a slow network and CPU from a trace taken on this machine, so a busy machine
// gives worse figures: each row carries the load average it was measured under.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { findPublicPages, requireBuild, startBuiltApp } from './built-app';

const CHROMIUM = '/usr/bin/chromium';
const isDetailed = process.argv.includes('--details');
const isObserved = process.argv.includes('--observed');
const isOfflineOnly = process.argv.includes('--offline-only');
const saveIndex = process.argv.indexOf('--save');
/** `--save DIR`: each report's JSON is written there too, to read what the table does not show. */
const saveArgument = saveIndex > 0 ? process.argv[saveIndex + 1] : undefined;
if (saveIndex > 0 && (!saveArgument || saveArgument.startsWith('--'))) {
  console.error('--save needs a folder: npm run lighthouse -- --save DIR');
  process.exit(1);
}
const saveDir = saveArgument ? path.resolve(saveArgument) : null;

requireBuild();
if (!existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\`.`);
  process.exit(1);
}

const app = await startBuiltApp('lighthouse');
const { baseUrl } = app;
let chrome: chromeLauncher.LaunchedChrome | undefined;

let isStopping = false;
async function stop(code: number): Promise<never> {
  if (!isStopping) {
    isStopping = true;
    await chrome?.kill();
    await app.stop();
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop(130));
process.on('SIGTERM', () => void stop(143));
void app.exited.then(() => {
  if (!isStopping) {
    console.error('The app stopped before the audits were done.');
    void stop(1);
  }
});

type Row = { page: string; preset: string; result: Result; loadAverage: number };

const score = (result: Result, category: string) => Math.round((result.categories[category]?.score ?? 0) * 100);
const metric = (result: Result, audit: string) => result.audits[audit]?.numericValue ?? Number.NaN;

function printRow({ page, preset, result, loadAverage }: Row) {
  const cells = [
    page.padEnd(50),
    preset.padEnd(15),
    String(score(result, 'performance')).padStart(4),
    String(score(result, 'accessibility')).padStart(4),
    `${(metric(result, 'largest-contentful-paint') / 1000).toFixed(2)} s`.padStart(8),
    metric(result, 'cumulative-layout-shift').toFixed(3).padStart(6),
    `${Math.round(metric(result, 'total-blocking-time'))} ms`.padStart(7),
    loadAverage.toFixed(2).padStart(5),
  ];
  console.log(cells.join('  '));
}

/**
 * The first paint, what moved and which accessibility audits failed. (Lighthouse 12's audit of the
 * largest paint's element fails on this Chromium; lib/motion.ts's test names what it was.)
 */
function printDetails(result: Result) {
  const seconds = (audit: string) => `${(metric(result, audit) / 1000).toFixed(2)} s`;
  console.log(`      FCP ${seconds('first-contentful-paint')}  speed index ${seconds('speed-index')}`);
  const shifts = result.audits['layout-shifts']?.details;
  if (shifts?.type === 'table') {
    for (const item of shifts.items) {
      const node = item.node as { snippet?: string; selector?: string } | undefined;
      console.log(`      shift ${Number(item.score).toFixed(3)}  ${node?.selector ?? ''}  ${node?.snippet ?? ''}`);
    }
  }
  const accessibility = result.categories.accessibility;
  for (const ref of accessibility?.auditRefs ?? []) {
    const audit = result.audits[ref.id];
    if (!audit || ref.weight === 0 || audit.score === null || audit.score === 1) continue;
    console.log(`      a11y  ${audit.id}: ${audit.title}`);
    const details = audit.details;
    if (details?.type === 'table') {
      for (const item of details.items.slice(0, 5)) {
        const node = item.node as { snippet?: string } | undefined;
        console.log(`            ${node?.snippet ?? JSON.stringify(item).slice(0, 160)}`);
      }
    }
  }
}

/** How many times the list is opened offline; the median is printed. */
const OFFLINE_OPENS = 5;

/**
 * A list opened with no connection on Lighthouse's mobile CPU (4× slower): a visitor reads it once,
 * so the service worker keeps the app and the list; then, offline, the page is opened again and
 * the time from the navigation to the list's title on screen, and to the largest paint, is read in
 * the page. Lighthouse itself cannot load a page offline.
 */
async function measureOfflineOpen(checklist: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  });
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${checklist}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const isKept = () =>
      page.evaluate(
        async () =>
          (await caches.has('ticklist-lists')) && (await (await caches.open('ticklist-lists')).keys()).length > 0,
      );
    for (let wait = 0; !(await isKept()); wait++) {
      if (wait > 100) throw new Error('The service worker kept no list.');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const cdp = await context.newCDPSession(page);
    // Not the browser's own short-lived copy of the list: the worker's.
    await cdp.send('Network.clearBrowserCache');
    await context.setOffline(true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const opens: { title: number; paint: number }[] = [];
    for (let open = 0; open < OFFLINE_OPENS; open++) {
      await page.reload();
      await page.locator('h1').first().waitFor();
      opens.push(
        await page.evaluate(async () => {
          const title = performance.now();
          const paint = await new Promise<number>((resolve) => {
            new PerformanceObserver((entries) => resolve(entries.getEntries().at(-1)?.startTime ?? 0)).observe({
              type: 'largest-contentful-paint',
              buffered: true,
            });
          });
          return { title, paint };
        }),
      );
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const title = Math.round(median(opens.map((open) => open.title)));
    const paint = Math.round(median(opens.map((open) => open.paint)));
    console.log(
      `${checklist} opened offline from the device, CPU 4× slower, median of ${OFFLINE_OPENS}: ` +
        `title on screen ${title} ms, largest paint ${paint} ms (load ${os.loadavg()[0]!.toFixed(2)})`,
    );
  } finally {
    await browser.close();
  }
}

try {
  await app.waitUntilReady(120_000);
  const { checklist, profile } = await findPublicPages(baseUrl);
  const browser = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // No sandbox for root (Chromium refuses to start as root with one); no GPU in a container.
    chromeFlags: ['--headless=new', '--disable-gpu', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
  });
  chrome = browser;
  // The mobile preset simulates a slow phone from a trace taken on this fast machine; with
  // --observed it is also run slowed for real (150 ms round trips, 1.6 Mbit/s, CPU 4× slower), so
  // what the simulation assumes can be checked against what the browser then paints.
  const presets: { name: string; config?: Config; flags?: Flags }[] = [
    { name: 'mobile' },
    ...(isObserved ? [{ name: 'mobile-observed', flags: { throttlingMethod: 'devtools' } as Flags }] : []),
    { name: 'desktop', config: desktopConfig },
  ];
  console.log(
    ['page'.padEnd(50), 'preset'.padEnd(15), 'perf', 'a11y', '     LCP', '   CLS', '    TBT', 'load'].join('  '),
  );
  for (const page of isOfflineOnly ? [] : ['/', '/browse', checklist, profile, '/terms', '/privacy']) {
    for (const preset of presets) {
      const audit = async () => {
        const loadAverage = os.loadavg()[0]!;
        const runner = await lighthouse(
          `${baseUrl}${page}`,
          {
            port: browser.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            ...preset.flags,
          },
          preset.config,
        );
        if (!runner) throw new Error(`Lighthouse gave no result for ${page}.`);
        return { runner, loadAverage };
      };
      let { runner, loadAverage } = await audit();
      // Lighthouse sometimes loses the trace of a load (NO_NAVSTART, "Please run Lighthouse again"),
      // a fault of the recording, not of the page: the audit is run again, at most twice, and says so.
      for (let retry = 1; retry <= 2 && runner.lhr.runtimeError?.code === 'NO_NAVSTART'; retry += 1) {
        console.log(`      (${page}, ${preset.name}: the trace was lost (NO_NAVSTART); auditing again)`);
        ({ runner, loadAverage } = await audit());
      }
      const row = { page, preset: preset.name, result: runner.lhr, loadAverage };
      printRow(row);
      if (runner.lhr.runtimeError) console.log(`      error: ${runner.lhr.runtimeError.message}`);
      if (isDetailed) printDetails(runner.lhr);
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        const name = `${page === '/' ? 'landing' : page.split('/')[1]}-${preset.name}.json`;
        writeFileSync(path.join(saveDir, name), JSON.stringify(runner.lhr, null, 2));
      }
    }
  }
  console.log('perf, a11y: Lighthouse scores (0-100); load: the 1-minute load average when the page was audited.');
  await measureOfflineOpen(checklist);
  await stop(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
