// The words and tags the cases' requests draw from, taken from the seeded data: common words,
// middle ones, rare ones that some public list has, and tags both popular and not.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/client';
import { VOCABULARY_SIZE } from '../seed';
import { shuffled } from '../shuffled';
import { selectRows } from './case';

export type DrawnText = { words: string[]; common: string[]; middle: string[]; rare: string[]; tags: string[] };

/** Draws the cases' text from the data and prints how common it is among public lists. */
export async function drawText(db: Database): Promise<DrawnText> {
  const words = (
    await selectRows<{ rank: number; word: string }>(db, sql`select rank, word from bench.words order by rank`)
  ).map((row) => row.word);
  // A rare word is one some public list has as a whole word (a search matches it as a prefix too).
  const matchesAny = async (word: string) =>
    (
      await selectRows<{ found: boolean }>(
        db,
        sql`
        select exists (select 1 from checklists where is_public and search_vector @@ ticklist_search_query(array[${word}], false)) as found`,
      )
    )[0]!.found;
  const sharePublic = async (word: string) =>
    (
      await selectRows<{ share: number }>(
        db,
        sql`
        select (select count(*) from checklists where is_public and search_vector @@ ticklist_search_query(array[${word}], true))::float8
             / greatest(1, (select sum(public_count) from checklist_totals)) as share`,
      )
    )[0]!.share;
  const common = words.slice(0, 10);
  const middle = words.slice(30, 300);
  const rare: string[] = [];
  for (let rank = VOCABULARY_SIZE - 1; rank > VOCABULARY_SIZE / 2 && rare.length < 40; rank -= 37) {
    if (await matchesAny(words[rank]!)) rare.push(words[rank]!);
  }
  const tagRows = await selectRows<{ tag: string; count: number }>(
    db,
    sql`select tag, count from tag_counts order by count desc, tag_key`,
  );
  const tags = [...tagRows.slice(0, 30), ...shuffled(tagRows.slice(30)).slice(0, 30)].map((row) => row.tag);
  console.log(
    `\nText: "${common[0]}" is in ${(100 * (await sharePublic(common[0]!))).toFixed(0)}% of public lists, ` +
      `"${common[9]}" in ${(100 * (await sharePublic(common[9]!))).toFixed(0)}%, "${middle[0]}" in ${(100 * (await sharePublic(middle[0]!))).toFixed(1)}%, ` +
      `rare words (${rare.length} found) like "${rare[0]}" in ${(100 * (await sharePublic(rare[0] ?? 'x'))).toFixed(3)}%; ` +
      `${tagRows.length} tags, the top one on ${tagRows[0]?.count.toLocaleString('en')} lists`,
  );
  return { words, common, middle, rare, tags };
}
