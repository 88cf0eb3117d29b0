// The pure part of `npm run size -- --static` (scripts/size.ts, the build's quick check): which
// JavaScript files a route's static imports name, read from Vite's build manifest
// (dist/client/.vite/manifest.json), and the budget check. The browser's measure is scripts/first-load.ts.

/** One entry of Vite's manifest; `imports` and `dynamicImports` name other entries by their key. */
export type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/**
 * The route budget: each public route fetches at most this much JavaScript, gzip bytes as sent,
 * until its network is idle (scripts/first-load.ts); its static imports alone are held to it too.
 */
export const ROUTE_BUDGET_BYTES = 150 * 1024;

/**
 * The JS files a route loads before it is usable, each once, in load order: the entry chunk and its
 * static imports (transitively), then the route's lazy chunk and its static imports. Dynamic imports
 * are left out: they load later, when needed (the dashboard, confetti, ...). A key missing from the
 * manifest throws, so a renamed page cannot quietly drop out of the measure.
 */
export function chunksBeforeUsable(manifest: Manifest, entryKey: string, routeKey: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no entry "${key}".`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  if (!manifest[routeKey]?.isDynamicEntry) {
    throw new Error(`"${routeKey}" is not a lazily loaded chunk in the build manifest.`);
  }
  visit(routeKey);
  return files.filter((file) => file.endsWith('.js'));
}

export type RouteSize = { route: string; chunks: { file: string; gzipBytes: number }[]; totalBytes: number };

/** Sums each route's chunks; `overBudget` lists the routes past the budget. */
export function measureRoutes(
  manifest: Manifest,
  entryKey: string,
  routes: Record<string, string>,
  gzipSize: (file: string) => number,
  budget = ROUTE_BUDGET_BYTES,
): { sizes: RouteSize[]; overBudget: RouteSize[] } {
  const sizes = Object.entries(routes).map(([route, routeKey]) => {
    const chunks = chunksBeforeUsable(manifest, entryKey, routeKey).map((file) => ({
      file,
      gzipBytes: gzipSize(file),
    }));
    return { route, chunks, totalBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) };
  });
  return { sizes, overBudget: sizes.filter((size) => size.totalBytes > budget) };
}

export function formatKb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
