import { sql, type SQL } from 'drizzle-orm';
import { IDEA_MIN_PEOPLE, IDEA_NAMES_SHOWN, MAX_IDEAS, type RemixIdea } from '@/domain/checklists/remix-ideas';
import { sqlCount, type Executor } from '../db/client';
import { actorShown, displayName, personJson, type PersonRow } from '../presenters';
import { readListPart } from './checklist-access';

/**
 * The idea of a text as items store theirs (checklist_items.idea_key): its words apart from case,
 * accents, punctuation and a bracketed aside, so "Tent footprint" and "tent footprint (ground
 * sheet)" are one idea.
 */
export const ideaKey = (content: SQL) => sql`ticklist_idea_key(${content})`;

type IdeaRow = {
  idea: string;
  content: string;
  remixes: number;
  people: number;
  some_authors: string[];
  shown: PersonRow[];
};

/**
 * The ideas from remixes of list `checklistId`, null when it is not `authorId`'s: the items its
 * public clones added (not copied from it: no source, and no wording the list has), grouped by
 * idea, added by at least IDEA_MIN_PEOPLE different people, not dismissed; most people first,
 * with up to IDEA_NAMES_SHOWN of them named as anyone may see them (a hidden or suspended
 * profile is not named). `only` reads one idea. One statement with whether the list is theirs.
 */
export async function findRemixIdeas(
  db: Executor,
  checklistId: string,
  authorId: string,
  only?: string,
): Promise<RemixIdea[] | null> {
  const read = await readListPart<IdeaRow>(db, checklistId, authorId, {
    readers: 'author',
    key: 'idea',
    // Before the statement's FROM, as in the form whose speed was measured: with them inside the
    // part, one run of two was slower.
    with: sql`
    original as (
      select distinct o.idea_key as idea from checklist_items o where o.checklist_id = ${checklistId}),
    added as (
      select cc.id as clone_id, cc.author_id, i.content, i.idea_key as idea
      from cloned_checklists k
      join checklists cc on cc.id = k.cloned_checklist_id and cc.is_public
      join checklist_items i on i.checklist_id = cc.id and i.kind = 'item' and i.source_key is null
      where k.original_checklist_id = ${checklistId}),
    ideas as (
      select a.idea, mode() within group (order by a.content) as content, count(distinct a.clone_id)::int as remixes,
        count(distinct a.author_id)::int as people, (array_agg(distinct a.author_id))[1:${sqlCount(IDEA_NAMES_SHOWN + 2)}] as some_authors
      from added a
      where a.idea <> '' ${only === undefined ? sql`` : sql`and a.idea = ${only}`}
        and a.idea not in (select idea from original)
        and a.idea not in (select d.idea_key from remix_idea_dismissals d where d.checklist_id = ${checklistId})
      group by a.idea
      having count(distinct a.author_id) >= ${sqlCount(IDEA_MIN_PEOPLE)}
      order by people desc, remixes desc, a.idea
      limit ${sqlCount(MAX_IDEAS)})`,
    part: sql`
    select ideas.*, (select coalesce(json_agg(${personJson}), '[]') from profiles p
                     where p.id = any(ideas.some_authors) and ${actorShown}) as shown
    from ideas`,
    order: sql`part.people desc, part.remixes desc, part.idea`,
  });
  if (!read) return null;
  const ideas = read.rows;
  const people = new Map(ideas.flatMap((row) => row.shown).map((person) => [person.id, person]));
  return ideas.map((row) => ({
    idea: row.idea,
    content: row.content,
    remixes: row.remixes,
    people: row.people,
    names: row.some_authors
      .flatMap((id) => (people.has(id) ? [displayName(people.get(id)!, 'actor', authorId)] : []))
      .slice(0, IDEA_NAMES_SHOWN),
  }));
}
