// `npm run size` (after `npm run build`): the JavaScript each public page fetches in a phone's
// Chromium from the start of its navigation until the network is idle, gzip bytes as sent, per page
// and per script (scripts/first-load.ts); exits 1 past the budget (ROUTE_BUDGET_BYTES). It starts the
// built app with the demo content on a free loopback port (scripts/built-app.ts) and Debian's
// Chromium (/usr/bin/chromium, never a downloaded browser).
//
//   npm run size                      the browser's measure, each page with its scripts
//   npm run size -- --static          the build's quick check (below), each page with its chunks
//   npm run size -- --static --summary  the same, a line per page (the last step of `npm run build`)
//
// The quick check reads Vite's manifest (`build.manifest` in vite.config.ts): the entry and the
// page's chunk with their static imports, compressed here. It needs no server or browser, so the
// build runs it; it is the least a page can fetch (what the page loads later, when idle, and the
// service worker's files are not in it), so passing it does not pass the browser's measure.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findPublicPages, requireBuild, startBuiltApp } from './built-app';
import { formatKb, measureRoutes, ROUTE_BUDGET_BYTES, type Manifest } from './bundle-size';
import { measureFirstLoad, publicRoutes, type FirstLoad } from './first-load';

const isStatic = process.argv.includes('--static');
const isSummary = process.argv.includes('--summary');

function reportOverBudget(overBudget: string[], unit: string) {
  if (overBudget.length > 0) {
    console.error(`Over the budget of ${formatKb(ROUTE_BUDGET_BYTES)} (${unit}): ${overBudget.join(', ')}.`);
    process.exitCode = 1;
  } else {
    console.log(`Every page is within ${formatKb(ROUTE_BUDGET_BYTES)} (${unit}).`);
  }
}

function checkStatically() {
  const clientDir = path.resolve(import.meta.dirname, '../dist/client');
  // Each public page and the module of its lazily loaded screen, as router.tsx declares them.
  const routes = {
    '/': 'src/client/features/marketing/landing-page.tsx',
    '/browse': 'src/client/features/checklists/browse-page.tsx',
    '/checklist/{id}': 'src/client/pages/checklist-detail-page.tsx',
    '/checklist/{id}/print': 'src/client/features/checklists/checklist-print-page.tsx',
    '/user/{username}': 'src/client/pages/profile-page.tsx',
    '/about': 'src/client/features/marketing/about-page.tsx',
    '/terms': 'src/client/features/legal/legal-pages.tsx',
    '/privacy': 'src/client/features/legal/legal-pages.tsx',
  };
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  // The copy the server sends: the build's own gzip (level 9) beside each file; a file under 1 KB has
  // none and goes as it is.
  const gzipSize = (file: string) => {
    try {
      return readFileSync(path.join(clientDir, `${file}.gz`)).length;
    } catch {
      return readFileSync(path.join(clientDir, file)).length;
    }
  };
  const { sizes, overBudget } = measureRoutes(manifest, 'index.html', routes, gzipSize);
  for (const size of sizes) {
    console.log(`${size.route}: ${formatKb(size.totalBytes)} of JavaScript (gzip) in its static imports`);
    if (isSummary && !overBudget.includes(size)) continue;
    for (const chunk of size.chunks) console.log(`  ${formatKb(chunk.gzipBytes).padStart(9)}  ${chunk.file}`);
  }
  reportOverBudget(
    overBudget.map((size) => size.route),
    'static imports',
  );
}

function printFirstLoad(name: string, load: FirstLoad) {
  const count = `${load.scripts.length} script${load.scripts.length === 1 ? '' : 's'}`;
  console.log(
    `${name}: ${formatKb(load.totalBytes)} of JavaScript (gzip), ${count}, network idle after ${load.idleAfterMs} ms`,
  );
  for (const script of load.scripts) {
    const notes = [script.encoding === 'gzip' ? '' : script.encoding, script.byServiceWorker ? 'service worker' : '']
      .filter(Boolean)
      .join(', ');
    console.log(`  ${formatKb(script.bytes).padStart(9)}  ${script.path}${notes ? `  (${notes})` : ''}`);
  }
}

async function measureInBrowser() {
  requireBuild();
  const app = await startBuiltApp('size');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    // No sandbox for root (Chromium refuses to start as root with one); no GPU in a container.
    args: ['--disable-gpu', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
  });
  const stop = async () => {
    await browser.close();
    await app.stop();
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    await app.waitUntilReady(120_000);
    const routes = publicRoutes(await findPublicPages(app.baseUrl));
    const overBudget: string[] = [];
    for (const [name, route] of Object.entries(routes)) {
      const load = await measureFirstLoad(browser, app.baseUrl, route);
      printFirstLoad(name, load);
      if (load.totalBytes > ROUTE_BUDGET_BYTES) overBudget.push(name);
    }
    reportOverBudget(overBudget, 'fetched until the network is idle');
  } finally {
    await stop();
  }
}

if (isStatic) checkStatically();
else await measureInBrowser();
