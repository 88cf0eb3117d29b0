// `npm run size` (also the last step of `npm run build`): prints the gzipped JavaScript that each
// public route loads before it is usable and fails past the route budget (ROUTE_BUDGET_BYTES in bundle-size.ts).
// Reads the manifest Vite writes beside the client build (`build.manifest` in vite.config.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatKb, measureRoutes, ROUTE_BUDGET_BYTES, type Manifest } from './bundle-size';

const clientDir = path.resolve(import.meta.dirname, '../dist/client');
const entryKey = 'index.html';
// Each public route and the module of its lazily loaded page, as router.tsx declares them.
const routes = {
  '/': 'src/client/features/marketing/landing-page.tsx',
  '/browse': 'src/client/features/checklists/browse-page.tsx',
  '/checklist/{id}': 'src/client/pages/checklist-detail-page.tsx',
  '/checklist/{id}/print': 'src/client/features/checklists/checklist-print-page.tsx',
  '/user/{username}': 'src/client/pages/profile-page.tsx',
  '/terms': 'src/client/features/legal/legal-pages.tsx',
  '/privacy': 'src/client/features/legal/legal-pages.tsx',
};

const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
// zlib's default level (6), what a server compressing on the fly typically sends.
const gzipSize = (file: string) => gzipSync(readFileSync(path.join(clientDir, file))).length;
const { sizes, overBudget } = measureRoutes(manifest, entryKey, routes, gzipSize);
// `--summary` (the build's last step): one line per route, and the chunks only of a route past the budget.
const isSummary = process.argv.includes('--summary');

for (const size of sizes) {
  console.log(`${size.route}: ${formatKb(size.totalBytes)} of JavaScript (gzip) before usable`);
  if (isSummary && !overBudget.includes(size)) continue;
  for (const chunk of size.chunks) console.log(`  ${formatKb(chunk.gzipBytes).padStart(9)}  ${chunk.file}`);
}
if (overBudget.length > 0) {
  console.error(
    `Over the budget of ${formatKb(ROUTE_BUDGET_BYTES)}: ${overBudget.map((size) => size.route).join(', ')}.`,
  );
  process.exitCode = 1;
} else {
  console.log(`Every route is within ${formatKb(ROUTE_BUDGET_BYTES)}.`);
}
