import { sql } from 'drizzle-orm';
import type { ChecklistCard } from '@/domain/checklists/browse';
import { DEFAULT_AUTHOR_NAME, DEFAULT_AVATAR, DEFAULT_ESTIMATED_TIME } from '@/domain/checklists/checklist-view';
import { DEFAULT_ACTOR_AVATAR } from '@/domain/social/notifications';

// How the API shows a person and a checklist card, decided once (STYLE.md habit 13, as Outline's
// presenters): the SQL that reads their fields and the mapping that turns a row into the answer the
// domain schemas describe. Queries select these fragments and call these functions; none spells a
// fallback of its own.

/** The display fields of the person in `profiles p` (a list's author: join it on `p.id = c.author_id`). */
export const authorColumns = sql`p.profile_name as author_name, p.avatar_url as author_avatar, p.username as author_username`;

/**
 * A checklist's tags, case-insensitively sorted, for a query over `checklists c`: kept on its row by
 * the tag triggers (migration 0026), read as an array.
 */
export const tagsColumn = sql`c.tag_names`;

/** How many items a checklist has, for a query over `checklists c` (kept on its row, as the tags). */
export const itemCountColumn = sql`c.items_count`;

/** The columns of a card, for a query over `checklists c` joined with its author's `profiles p`. */
export const cardColumns = sql`
  c.id, c.title, c.description, ${authorColumns}, ${tagsColumn} as tags,
  c.estimated_time, c.difficulty, c.uses_count, c.likes_count, c.clones_count, ${itemCountColumn} as items_count,
  c.created_at`;

/** A person's profile fields as a query reads them (any may be missing: no profile, or not filled in). */
export type PersonRow = { name: string | null; avatar: string | null; username: string | null };
/** A PersonRow's fields, for a query over `profiles p`: as columns of the row, or as one JSON value. */
export const personColumns = sql`p.profile_name as name, p.avatar_url as avatar, p.username`;
export const personJson = sql`json_build_object('name', p.profile_name, 'avatar', p.avatar_url, 'username', p.username)`;

/**
 * Where a person is shown decides what stands in for a missing profile name:
 * - `listAuthor`: a checklist's author (cards, detail, dashboard, library), spec §7 "author (profile
 *   name, default "Anonymous")";
 * - `commenter`: a comment's author, who has a username to fall back on (spec §7 joins it);
 * - `actor`: the one named in a notification's text, "Someone liked …" when nothing else is known.
 */
export type Place = 'listAuthor' | 'commenter' | 'actor';

export function displayName(person: PersonRow, place: Place): string {
  const profileName = person.name?.trim();
  if (profileName) return profileName;
  if (place === 'listAuthor') return DEFAULT_AUTHOR_NAME;
  return person.username || (place === 'actor' ? 'Someone' : DEFAULT_AUTHOR_NAME);
}

/** A person as a comment shows them: name (see `Place`), emoji avatar, username. */
export function presentPerson(person: PersonRow, place: Place) {
  return { name: displayName(person, place), avatar: person.avatar || DEFAULT_AVATAR, username: person.username };
}

/**
 * A notification's actor: the profile name as stored (the text already names them), the avatar with
 * its default; null when the notification has no actor (a badge) or the actor is gone.
 */
export function presentActor(actor: PersonRow & { id: string | null }) {
  if (!actor.id) return null;
  return { username: actor.username, name: actor.name, avatar: actor.avatar || DEFAULT_ACTOR_AVATAR };
}

/** The row `authorColumns` reads. */
export type AuthorRow = { author_name: string | null; author_avatar: string | null; author_username: string | null };

/** A checklist's author fields, as cards, the detail page, the dashboard and the library show them. */
export function presentAuthor(row: AuthorRow) {
  const person = { name: row.author_name, avatar: row.author_avatar, username: row.author_username };
  return {
    author: displayName(person, 'listAuthor'),
    authorAvatar: person.avatar || DEFAULT_AVATAR,
    authorUsername: person.username,
  };
}

/** Spec §7: "estimatedTime (default "Unknown")". */
export const presentEstimatedTime = (estimatedTime: string | null) => estimatedTime || DEFAULT_ESTIMATED_TIME;

/** The row `cardColumns` reads. */
export type CardRow = AuthorRow & {
  id: string;
  title: string;
  description: string;
  tags: string[];
  estimated_time: string | null;
  difficulty: ChecklistCard['difficulty'];
  uses_count: number;
  likes_count: number;
  clones_count: number;
  items_count: number;
  created_at: Date;
};

export function presentCard(row: CardRow): ChecklistCard {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    ...presentAuthor(row),
    tags: row.tags,
    estimatedTime: presentEstimatedTime(row.estimated_time),
    difficulty: row.difficulty,
    uses: row.uses_count,
    likes: row.likes_count,
    clones: row.clones_count,
    itemsCount: row.items_count,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
