// Measuring the cases: the load generator runs in a process of its own (load.ts), so the app's
// process holds only the app; each case's SQL statements and the app's peak RSS are counted
// around its run, then the same work is timed bare (without HTTP).
import { fork } from 'node:child_process';
import path from 'node:path';
import { SEARCH_STATE_MS } from '../../src/server/browse/browse.queries';
import { DEEP_PAGE } from './cases/browse';
import type { Case } from './cases/case';
import type { LoadJob, LoadResult } from './load';
import { measureTimed, type Pace } from './measure-timed';
import { printCaseRow, type CaseFigures } from './report';
import { PORT, type Target } from './serve';

export type LoadGenerator = { run: (job: LoadJob) => Promise<LoadResult>; stop: () => void };

/** Forks the load generator; it takes one case at a time. */
export function startLoadGenerator(): LoadGenerator {
  const load = fork(path.join(import.meta.dirname, 'load.ts'), { execArgv: ['--import', 'tsx'] });
  return {
    run: (job) =>
      new Promise<LoadResult>((resolve) => {
        load.once('message', (result) => resolve(result as LoadResult));
        load.send(job);
      }),
    stop: () => load.kill(),
  };
}

async function measureCase(entry: Case, target: Target, load: LoadGenerator, pace: Pace): Promise<CaseFigures> {
  let rssBytes = target.rss();
  const sampler = setInterval(() => (rssBytes = Math.max(rssBytes, target.rss())), 100);
  await entry.before?.();
  await target.settle();
  const statementsBefore = await target.statements();
  const api = await load.run({
    url: `http://127.0.0.1:${PORT}`,
    ...pace,
    requests: entry.requests,
    amount: entry.once ? entry.requests.length : undefined,
  });
  const served = (await target.settle()) ?? api.total;
  const sqlPerRequest = ((await target.statements()) - statementsBefore) / Math.max(1, served);
  clearInterval(sampler);
  const bareRps = entry.bare ? (await measureTimed(entry.bare, pace)).rps : null;
  return { api, sqlPerRequest, bareRps, rssBytes };
}

/**
 * Measures each case in turn, printing its row as it is measured; the app's peak RSS over all of
 * them, and the deep cases measured after their cursors' search state had expired.
 */
export async function measureCases(
  cases: Case[],
  target: Target,
  load: LoadGenerator,
  pace: Pace,
  cursorsMadeAt: number,
) {
  let peakRss = 0;
  const staleDeep: string[] = [];
  for (const entry of cases) {
    if (entry.name.endsWith(`page ${DEEP_PAGE}`) && performance.now() - cursorsMadeAt > SEARCH_STATE_MS) {
      staleDeep.push(entry.name);
    }
    const figures = await measureCase(entry, target, load, pace);
    peakRss = Math.max(peakRss, figures.rssBytes);
    printCaseRow(entry.name, figures);
  }
  return { peakRss, staleDeep };
}
