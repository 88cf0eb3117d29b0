// The pages (HTML) the bench asks for, as a browser opening their address would.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { headFor } from '../../../src/server/public-face/page-head';
import type { Database } from '../../../src/server/db/client';
import { paths } from '../../../src/domain/paths';
import type { Case } from './case';

/**
 * `ids`: public lists in a shuffled order. Pages are the client's shell, served from a build: with
 * none, there is nothing to measure, and the run says so.
 */
export function pageCases(db: Database, ids: string[]): Case[] {
  if (!existsSync(path.resolve(import.meta.dirname, '../../../dist/client/index.html'))) {
    console.log('read: print page is left out: it measures the built client; run `npm run build` first.');
    return [];
  }
  const printPaths = ids.slice(0, 500).map((id) => paths.checklistPrint(id));
  return [
    {
      // The app's shell with the list's head (noindex): the head's one query is the page's work.
      name: 'read: print page',
      requests: printPaths.map((path) => ({ method: 'GET', path })),
      bare: (index) => headFor(db, new URL(printPaths[index % printPaths.length]!, 'http://bench.local')),
    },
  ];
}
