// Who may find and open a checklist (decision 024). "Public" lists are listed: Browse, search,
// Discover, the author's profile, the sitemap and feeds. "Anyone with the link" (unlisted) lists are
// listed nowhere, yet anyone who has the address may read and use them. "Private" lists are the
// author's alone. The spec's Public and Private words are unchanged; the third has its own.

export const CHECKLIST_VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export type ChecklistVisibility = (typeof CHECKLIST_VISIBILITIES)[number];

/** A new list is public unless its author chooses otherwise. */
export const DEFAULT_VISIBILITY: ChecklistVisibility = 'public';

export const visibilityLabels: Record<ChecklistVisibility, string> = {
  public: 'Public',
  unlisted: 'Anyone with the link',
  private: 'Private',
};

/** What each choice means, under it in the create/edit form. */
export const visibilityHints: Record<ChecklistVisibility, string> = {
  public: 'Listed in Browse, search and your profile.',
  unlisted: 'Unlisted: not in Browse, search or your profile. Anyone with the link can open and use it.',
  private: 'Only you can see it.',
};

export const unlistedMessages = {
  makeUnlistedTitle: 'Make Unlisted?',
  makeUnlisted: 'Make Unlisted',
  makeUnlistedText: 'Unlisted checklists stay out of Browse and your profile, but anyone with the link can use them.',
  nowUnlisted: (title: string) => `List "${title}" is now unlisted`,
} as const;

/** The stored pair (`is_public`, `is_unlisted`; the database refuses both true) as one visibility. */
export function visibilityOf(list: { isPublic: boolean; isUnlisted: boolean }): ChecklistVisibility {
  if (list.isPublic) return 'public';
  return list.isUnlisted ? 'unlisted' : 'private';
}

/** One visibility as the stored pair. */
export function visibilityColumns(visibility: ChecklistVisibility): { isPublic: boolean; isUnlisted: boolean } {
  return { isPublic: visibility === 'public', isUnlisted: visibility === 'unlisted' };
}
