import { sql } from 'drizzle-orm';
import type { ChecklistCard } from '@/domain/checklists/browse';
import { DEFAULT_AUTHOR_NAME, DEFAULT_AVATAR, DEFAULT_ESTIMATED_TIME } from '@/domain/checklists/checklist-view';
import { DEFAULT_ACTOR_AVATAR, notificationMessage, type NotificationType } from '@/domain/notifications/notifications';
import { visibleProfileName } from '@/domain/social/profile';
import { notSuspended } from './visibility/held';

// How the API shows a person and a checklist card, decided once (STYLE.md habit 13, as Outline's
// presenters): the SQL that reads their fields and the mapping that turns a row into the response the
// domain schemas describe. Queries select these fragments and call these functions; none spells a
// fallback of its own, and none shows a profile name but through `visibleProfileName` (a private
// profile's name is its owner's alone, decision 008): each fragment reads the profile's id and
// `is_public` with its name, and each function is given who is looking.

/** The display fields of the person in `profiles p` (a list's author: join it on `p.id = c.author_id`). */
export const authorColumns = sql`p.id as author_profile_id, p.profile_name as author_name, p.is_public as author_is_public,
  p.avatar_url as author_avatar, p.username as author_username`;

/**
 * A checklist's tags, case-insensitively sorted, for a query over `checklists c`: stored on its row by
 * the tag triggers (ticklist_search_on_children), read as an array.
 */
export const tagsColumn = sql`c.tag_names`;

/** How many items a checklist has, for a query over `checklists c` (stored on its row, as the tags). */
export const itemCountColumn = sql`c.items_count`;

/** The columns of a card, for a query over `checklists c` joined with its author's `profiles p`. */
export const cardColumns = sql`
  c.id, c.title, c.description, ${authorColumns}, ${tagsColumn} as tags,
  c.estimated_time, c.difficulty, c.uses_count, c.likes_count, c.clones_count, ${itemCountColumn} as items_count,
  c.created_at`;

/** A person's profile fields as a query reads them (any may be missing: no profile, or not filled in). */
export type PersonRow = {
  id: string | null;
  name: string | null;
  avatar: string | null;
  username: string | null;
  isPublic: boolean | null;
};
/** A PersonRow's fields, for a query over `profiles p`: as columns of the row, or as one JSON value. */
export const personColumns = sql`p.id, p.profile_name as name, p.avatar_url as avatar, p.username, p.is_public as "isPublic"`;
export const personJson = sql`json_build_object('id', p.id, 'name', p.profile_name, 'avatar', p.avatar_url,
  'username', p.username, 'isPublic', p.is_public)`;

/**
 * Who a response is for: the signed-in user it is read for, or null for a visitor and for a response
 * shared by everyone (a card, a page's head, a feed). Only the person themselves sees their private
 * profile's name.
 */
export type ViewerId = string | null;

/**
 * Where a person is shown decides what stands in for a missing profile name:
 * - `listAuthor`: a checklist's author (cards, detail, dashboard, library): the profile name,
 *   default "Anonymous";
 * - `commenter`: a comment's author, who has a username to fall back on (the comment read joins it);
 * - `actor`: the one named in a notification's text, "Someone liked …" when nothing else is known.
 */
export type Place = 'listAuthor' | 'commenter' | 'actor';

export function displayName(person: PersonRow, place: Place, viewerId: ViewerId): string {
  const profileName = visibleProfileName(
    { id: person.id, profileName: person.name, isPublic: person.isPublic },
    viewerId,
  );
  if (profileName) return profileName;
  if (place === 'listAuthor') return DEFAULT_AUTHOR_NAME;
  return person.username || (place === 'actor' ? 'Someone' : DEFAULT_AUTHOR_NAME);
}

/** A person as a comment shows them: name (see `Place`), emoji avatar, username. */
export function presentPerson(person: PersonRow, place: Place, viewerId: ViewerId) {
  return {
    name: displayName(person, place, viewerId),
    avatar: person.avatar || DEFAULT_AVATAR,
    username: person.username,
  };
}

/**
 * A notification's actor: the profile name as the recipient may see it (null when it is private or
 * not filled in), the avatar with its default; null when the notification has no actor (a badge) or
 * the actor is gone.
 */
export function presentActor(actor: PersonRow | null, viewerId: ViewerId) {
  if (!actor?.id) return null;
  return {
    username: actor.username,
    name: visibleProfileName({ id: actor.id, profileName: actor.name, isPublic: actor.isPublic }, viewerId),
    avatar: actor.avatar || DEFAULT_ACTOR_AVATAR,
  };
}

/**
 * A condition over an actor's `profiles p`: the profile may be shown to others, not hidden by the
 * moderators nor of a suspended user. A notification from someone who is not stays, from "Someone".
 */
export const actorShown = sql`p.hidden_at is null and ${notSuspended('p')}`;

/**
 * For a query over `notifications n`: its actor, a PersonRow as JSON (null without one); an actor
 * not shown is there with no name, avatar or username, so the text names "Someone".
 */
export const notificationActorJson = sql`(select case when ${actorShown} then ${personJson}
    else json_build_object('id', p.id, 'name', null, 'avatar', null, 'username', null, 'isPublic', false) end
  from profiles p where p.id = n.actor_id)`;
/** For a query over `notifications n`: the title of its list (null without one). */
export const notificationListTitle = sql`(select c.title from checklists c where c.id = n.checklist_id)`;
/**
 * The columns a notification's text is made from, for a query over `notifications n`: its type, the
 * text written with it, its actor and the title of its list.
 */
export const notificationTextColumns = sql`n.type, n.message, ${notificationActorJson} as actor,
  ${notificationListTitle} as checklist_title`;

/** The row `notificationTextColumns` reads. */
export type NotificationTextRow = {
  type: NotificationType;
  message: string;
  actor: PersonRow | null;
  checklist_title: string | null;
};

/**
 * A notification's text as its recipient reads it. The text names its actor, so it is made when it
 * is read, not taken as it was written: an actor whose profile turned private since is named as
 * anyone private is (and a renamed one by their new name). Its list is always the recipient's own
 * (a like, comment or clone is of their list; a list's deletion deletes its notifications), so its
 * title is read as it is now. A badge names no actor, and a notification whose actor or list can no
 * longer be read keeps the text it was written with.
 */
export function notificationText(row: NotificationTextRow, viewerId: ViewerId): string {
  if (row.type === 'badge' || row.type === 'moderation' || !row.actor) return row.message;
  if (row.type !== 'follow' && row.checklist_title === null) return row.message;
  return notificationMessage(row.type, displayName(row.actor, 'actor', viewerId), row.checklist_title ?? undefined);
}

/** The row `authorColumns` reads. */
export type AuthorRow = {
  author_profile_id: string | null;
  author_name: string | null;
  author_is_public: boolean | null;
  author_avatar: string | null;
  author_username: string | null;
};

/** The person `authorColumns` read. */
export const authorOf = (row: AuthorRow): PersonRow => ({
  id: row.author_profile_id,
  name: row.author_name,
  avatar: row.author_avatar,
  username: row.author_username,
  isPublic: row.author_is_public,
});

/** A checklist's author fields, as cards, the detail page, the dashboard and the library show them. */
export function presentAuthor(row: AuthorRow, viewerId: ViewerId) {
  const person = authorOf(row);
  return {
    author: displayName(person, 'listAuthor', viewerId),
    authorAvatar: person.avatar || DEFAULT_AVATAR,
    authorUsername: person.username,
  };
}

/** A list without an estimated time shows "Unknown". */
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

/**
 * A card is the same response for everyone (Browse's pages and Discover's sections are cached and shared
 * between viewers), so it names its author as anyone may see them: a private profile's owner sees
 * their own cards as others do, and their name on their own pages (the list, the dashboard).
 */
export function presentCard(row: CardRow): ChecklistCard {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    ...presentAuthor(row, null),
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
