// "read: upstream review": the owner of a clone reads what its original changed since, as the
// banner on their list asks for it. Each signed-in user (up to READERS of them) owns one clone of
// an unlisted list (in no listing, so Browse is as it was) by the next user, whose original has had
// EDITS edits since: a note, an addition and a removal each, so the review compares changes of
// several kinds three ways. Made once, through the actions an edit and a clone use, and found again by
// its title on later runs; reading changes nothing, so the changes stay to be read.
import { sql } from 'drizzle-orm';
import { checklistInputSchema } from '../../../src/domain/checklists/checklist-input';
import { cloneChecklist, createChecklist, updateChecklist } from '../../../src/server/checklists/checklists.actions';
import { findUpstreamReview } from '../../../src/server/checklists/upstream.queries';
import type { Database } from '../../../src/server/db/client';
import type { Signed } from '../users';
import { authorReadCase, pairWithAuthors } from './author-reads';
import { selectRows, type Case } from './case';

const READERS = 400;
const EDITS = 3;
const TITLE = 'Bench upstream original';
/** The original after `edit` edits: each notes the first step, adds a step and removes the last one. */
const entries = (edit: number) => [
  { content: 'Step 1', note: edit > 0 ? `Changed in edit ${edit}` : '' },
  ...Array.from({ length: 11 - edit }, (_, k) => `Step ${k + 2}`),
  ...Array.from({ length: edit }, (_, k) => `Added in edit ${k + 1}`),
];
const input = (edit: number) =>
  checklistInputSchema.parse({
    title: TITLE,
    description: 'A list the bench keeps changing.',
    items: entries(edit),
    tags: [],
    estimatedTime: '1 hour',
    difficulty: 'easy',
    visibility: 'unlisted',
  });

/** Each reader's clone of the bench's original, made for those who have none yet. */
async function clonesOfChangedLists(db: Database, readers: Signed[]) {
  const found = () =>
    selectRows<{ id: string; author_id: string }>(
      db,
      sql`select k.cloned_checklist_id as id, c.author_id from cloned_checklists k
          join checklists c on c.id = k.cloned_checklist_id join checklists o on o.id = k.original_checklist_id
          where o.title = ${TITLE} and c.author_id = any(${sql.param(readers.map((user) => user.userId))}::text[])`,
    );
  const owning = new Set((await found()).map((row) => row.author_id));
  for (const [index, reader] of readers.entries()) {
    if (owning.has(reader.userId)) continue;
    const author = readers[(index + 1) % readers.length]!.userId;
    const original = await createChecklist(db, author, input(0));
    const clone = await cloneChecklist(db, original, reader.userId);
    if (!clone.ok) continue;
    for (let edit = 1; edit <= EDITS; edit++) await updateChecklist(db, original, author, input(edit));
  }
  return found();
}

export async function upstreamCases(db: Database, signed: Signed[]): Promise<Case[]> {
  // Two users at least: an original's author and the owner of its clone.
  const readers = signed.slice(0, READERS);
  if (readers.length < 2) return [];
  const clones = pairWithAuthors(readers, await clonesOfChangedLists(db, readers));
  if (clones.length === 0) return [];
  return [
    authorReadCase(db, 'read: upstream review', clones, 'upstream', ({ user, listId }) =>
      findUpstreamReview(db, listId, user.userId),
    ),
  ];
}
