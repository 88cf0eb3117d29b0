import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The body of a public page drawn on the server (issue 14 item 2, decision 025). The drawing is the
// client's own code (src/client/entry-server.tsx), built apart into dist/server/render.js; the
// server only loads it and gives it a way to ask the API, so server code never imports the client.

/** Answers one of our API's requests in-process. */
export type FetchApi = (path: string, init: RequestInit) => Promise<Response>;

/** What goes into index.html's `<div id="root">`, and the data script that follows it. */
export type PageBody = { root: string; data: string };

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
