// Builds the client (Vite → dist/client) and the server (esbuild → dist/server/main.js, with the
// committed migrations copied beside it), then checks each public page's static imports against
// the first-load budget (scripts/size.ts --static) and fails past it. `node scripts/build.mjs --if-needed` skips the work
// when the build is newer than every source file.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const inputs = [
  'src',
  'index.html',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'public',
  'scripts/build.mjs',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

export function isBuildFresh() {
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return inputs.every((input) => newestMtime(path.join(root, input)) <= built);
}

/** What the server's bundles share: one ES module file for Node, with its source map. */
const NODE_BUNDLE = { bundle: true, platform: 'node', format: 'esm', target: 'node20', sourcemap: true };

/**
 * The server alone: `<outDir>/server/main.js` and the committed migrations beside it. Process tests
 * build one into a folder of their own with it.
 */
export async function buildServer(outDir = path.join(root, 'dist')) {
  await esbuild({
    ...NODE_BUNDLE,
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(outDir, 'server/main.js'),
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'server/migrations'), { recursive: true });
}

/**
 * The client's server renderer (src/client/entry-server.tsx → `<outDir>/server/render.js`): the
 * app's own screens, rendered into a public page's HTML (decision 025). Loaded by the server at run
 * time, so server code never imports the client. Its packages are bundled in, React's production
 * build among them (the server runs without NODE_ENV, which would otherwise pick React's slower
 * development build).
 */
export async function buildPageRenderer(outDir = path.join(root, 'dist')) {
  await esbuild({
    ...NODE_BUNDLE,
    entryPoints: [path.join(root, 'src/client/entry-server.tsx')],
    outfile: path.join(outDir, 'server/render.js'),
    define: { 'process.env.NODE_ENV': '"production"' },
    // React's server build is CommonJS and requires Node's own modules.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    // The browser's stylesheet is the client build's business.
    loader: { '.css': 'empty' },
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });
}

export async function build() {
  const started = Date.now();
  rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  await viteBuild({ root, logLevel: 'warn', build: { outDir: 'dist/client', emptyOutDir: true } });
  precompress(path.join(root, 'dist/client'));
  await buildServer();
  await buildPageRenderer();
  // Before the stamp: a build past the budget is not "fresh", so `npm start` builds (and fails) again.
  checkSizeBudget();
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, new Date().toISOString());
  console.log(`Built Ticklist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Every script, stylesheet and SVG of the client, compressed once here (brotli at its best, and
 * gzip for clients without it) beside the file, so the server sends `x.js.br` for `x.js` without
 * compressing anything per request (app.ts, serveStatic's `precompressed`). Files under 1 KB stay
 * as they are: compressing them saves nothing a packet would notice.
 */
export function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|svg)$/.test(entry.name) || statSync(file).size < 1024) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

/**
 * The quick check of `npm run size` (`--static`): the gzipped JavaScript in each public page's static
 * imports, from the manifest, in well under a second; throws past 150 KB. A page growing past the
 * budget fails here, before anything runs it. The browser's measure (`npm run size`, and the
 * end-to-end budget test) also counts what the page and its service worker fetch after.
 */
function checkSizeBudget() {
  try {
    execFileSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'scripts/size.ts'), '--static', '--summary'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
  } catch {
    throw new Error('The first load of a public page is over its budget (npm run size -- --static shows each chunk).');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--if-needed') && isBuildFresh()) {
    console.log('Build is up to date.');
  } else {
    await build();
  }
}
