import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { withLowPriorityScripts } from './page-head';

// The body of a public page rendered on the server (decision 025). The rendering is the
// client's own code (src/client/entry-server.tsx), built apart into dist/server/render.js; the
// server only loads it and gives it a way to ask the API, so server code never imports the client.

/** Responds to one of our API's requests in-process. */
export type FetchApi = (path: string, init: RequestInit) => Promise<Response>;

/**
 * What goes into index.html's `<div id="root">`, the data script that follows it, and the source
 * module of the page's screen (as Vite's manifest names it).
 */
export type PageBody = { root: string; data: string; screen: string };

/** The page at `url` as a visitor sees it, or null where the page is the app's shell. */
export type PageBodyRenderer = (url: URL, fetchApi: FetchApi) => Promise<PageBody | null>;

/**
 * The built renderer beside the server's own bundle (`serverDir/render.js`), loading from now on
 * (not at the first page, which would spend its time bound on it); undefined when the build made
 * none (a server built alone, as process tests do).
 */
export function builtPageBodyRenderer(serverDir: string): PageBodyRenderer | undefined {
  const file = path.join(serverDir, 'render.js');
  if (!existsSync(file)) return undefined;
  const loading = import(pathToFileURL(file).href).then(
    (module: { renderPageBody: PageBodyRenderer }) => module.renderPageBody,
  );
  // A renderer that fails to load is reported by each page, which then serves the shell.
  loading.catch(() => {});
  return async (url, fetchApi) => (await loading)(url, fetchApi);
}

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

/**
 * `<link rel="modulepreload">` tags for a screen's chunk and the chunks it imports, read from the
 * client build's manifest (`clientDir/.vite/manifest.json`; none without one). The browser fetches
 * them beside the entry, so the app takes the page over without waiting for one more round trip
 * while the page already shows (main.tsx loads the screen before it hydrates); at low priority, as
 * the entry's own on a server-rendered page, behind what the first paint needs.
 */
export function modulePreloads(clientDir: string): (screen: string) => string {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  // index.html preloads the entry's own chunks already.
  const entry = new Set(
    Object.values(manifest).flatMap((chunk) =>
      chunk.isEntry ? [chunk.file, ...(chunk.imports ?? []).map((key) => manifest[key]?.file)] : [],
    ),
  );
  return (screen) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(screen);
    return [...files]
      .filter((chunkFile) => !entry.has(chunkFile))
      .map((chunkFile) => withLowPriorityScripts(`<link rel="modulepreload" crossorigin href="/${chunkFile}">`))
      .join('');
  };
}
