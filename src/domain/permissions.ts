// Who may do what (STYLE.md habit 11): each rule once, as a pure function of the viewer and the
// thing. The server's actions call these (and still state ownership in their SQL, so a bug here
// cannot write someone else's data); the client calls the same functions to show or hide a
// control. Seeing a thing at all is the visibility rule (public, unlisted or one's own), stated in SQL
// (server/checklists/checklist-access.ts `visibleTo`): these rules assume the viewer can see it.

/** Who is asking: a signed-in user, or null for a visitor. */
export type Viewer = { id: string } | null;

/** A checklist or a comment: something with an author. */
export type Authored = { authorId: string };

/** The author of a checklist or comment. */
export const isAuthor = (viewer: Viewer, thing: Authored): boolean => viewer !== null && viewer.id === thing.authorId;

/** Only the author edits a checklist or changes its visibility. */
export const canEdit = (viewer: Viewer, checklist: Authored): boolean => isAuthor(viewer, checklist);

/** Only the author deletes a checklist. */
export const canDelete = (viewer: Viewer, checklist: Authored): boolean => isAuthor(viewer, checklist);

/** Only the author duplicates a checklist into a private copy; anyone else clones it. */
export const canDuplicate = (viewer: Viewer, checklist: Authored): boolean => isAuthor(viewer, checklist);

/** "You cannot like your own list."; a visitor signs in first. */
export const canLike = (viewer: Viewer, checklist: Authored): boolean =>
  viewer !== null && !isAuthor(viewer, checklist);

/** A signed-in user clones someone else's list; the author edits their own instead. */
export const canClone = (viewer: Viewer, checklist: Authored): boolean =>
  viewer !== null && !isAuthor(viewer, checklist);

/** Any signed-in user may comment on a list they can see (whether they can is the list's visibility). */
export const canComment = (viewer: Viewer): boolean => viewer !== null;

/** Only its author edits or deletes a comment. */
export const canEditComment = (viewer: Viewer, comment: Authored): boolean => isAuthor(viewer, comment);

/**
 * Only its author deletes a comment, and whatever the list's visibility has become since: a
 * commenter whose list went private may still take their words back, though they can no longer
 * read the list or its other comments. So this rule, unlike the others, does not assume the viewer
 * can see the list.
 */
export const canDeleteComment = (viewer: Viewer, comment: Authored): boolean => isAuthor(viewer, comment);

/**
 * Following another user; never oneself (the database's `follows_not_self` also says so). A
 * private profile can be followed (decision 008): its owner learns of the follower, who sees nothing more.
 */
export const canFollow = (viewer: Viewer, profile: { userId: string }): boolean =>
  viewer !== null && viewer.id !== profile.userId;

/** A profile as the rules see it: whose it is, and whether its owner shows it to everyone. */
export type ProfileAccess = { userId: string; isPublic: boolean };

/**
 * Seeing a profile in full: its name, counts, badges and public lists. A private profile shows
 * others only its avatar and username, its followers included (decision 008); its owner sees it all.
 */
export const canSeeProfile = (viewer: Viewer, profile: ProfileAccess): boolean =>
  profile.isPublic || (viewer !== null && viewer.id === profile.userId);

/** Who follows a user, and whom they follow: as private as the rest of their profile. */
export const canSeeFollowLists = (viewer: Viewer, profile: ProfileAccess): boolean => canSeeProfile(viewer, profile);
