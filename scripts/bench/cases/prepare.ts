// Every case, prepared before any is measured: the users signed in, the text and lists the
// requests draw from, then the Browse, read, page and write cases in the order they are measured.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/client';
import type { BenchSize } from '../options';
import { shuffled } from '../shuffled';
import { signInUsers } from '../users';
import { blockCases } from './blocks';
import { browseCases, DEEP_PAGE } from './browse';
import { selectRows } from './case';
import { livingListCases } from './living-lists';
import { moderationAuditCases } from './moderation-audit';
import { moderationCases } from './moderation';
import { pageCases } from './pages';
import { readCases } from './reads';
import { remixCases } from './remixes';
import { upstreamCases } from './upstream';
import { versionCases } from './versions';
import { drawText } from './text';
import { writeCases, type SampledList } from './writes';

/** About 3,000 public lists spread evenly over the data, in a shuffled order. */
export async function sampleLists(db: Database, size: BenchSize): Promise<SampledList[]> {
  const sample = await selectRows<SampledList>(
    db,
    sql`
    select c.id, c.author_id, c.title from bench.lists l join checklists c on c.id = l.id
    where c.is_public and (l.n - 1) % ${Math.max(1, Math.floor(size.lists / 3000))} = 0 order by l.n`,
  );
  return shuffled(sample);
}

export async function prepareCases(db: Database, size: BenchSize, signIns: number) {
  const prepared = performance.now();
  const { signed, me, seconds: signInSeconds } = await signInUsers(size.users, signIns);
  const text = await drawText(db);
  const browse = await browseCases(db, text);
  const lists = await sampleLists(db, size);
  const cases = [
    ...browse.cases,
    ...readCases(
      db,
      lists.map((list) => list.id),
      signed,
      me,
    ),
    ...(await remixCases(db)),
    ...(await versionCases(db, [me, ...signed])),
    ...(await livingListCases(db, signed, text)),
    ...(await upstreamCases(db, signed)),
    ...(await moderationAuditCases(db, signed)),
    ...(await moderationCases(db, lists, signed)),
    ...blockCases(
      db,
      lists.map((list) => list.id),
      signed,
    ),
    ...pageCases(
      db,
      lists.map((list) => list.id),
    ),
    ...(await writeCases(db, lists, signed, text)),
  ];
  console.log(
    `Signed in ${signed.length + 1} users in ${signInSeconds.toFixed(1)} s; prepared ${cases.length} cases in ` +
      `${((performance.now() - prepared) / 1000).toFixed(1)} s; ${browse.newSearches.length} new pairs of words, ` +
      `${browse.misspeltEach} misspelt words a misspelt case (a case that sends more repeats them)` +
      (browse.deepSkipped.length > 0
        ? `; no page ${DEEP_PAGE} (fewer pages in the data) for: ${browse.deepSkipped.join(', ')}`
        : ''),
  );
  return {
    cases,
    newSearches: browse.newSearches,
    cursorsMadeAt: browse.cursorsMadeAt,
    signedCount: signed.length,
    me,
  };
}
