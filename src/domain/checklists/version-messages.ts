// The words of a list's version history. Without zod, so that a page which only links the history
// (the list's own page, by its author) carries none of the history's schemas.

export const versionMessages = {
  history: 'Version history',
  historyDescription: 'Every save of the items, headings and notes of this list, newest first.',
  loadFailed: 'Failed to load the version history.',
  loading: 'Loading versions...',
  current: 'Current version',
  first: 'First version',
  showEntries: 'Show this version',
  hideEntries: 'Hide this version',
  restore: 'Restore this version',
  restoreBody:
    'The items, headings and notes become as they were in this version. Restoring saves a new version, so nothing is lost.',
  restoring: 'Restoring...',
  restoreFailed: 'Failed to restore this version.',
  notFound: 'Version not found.',
  alreadyCurrent: 'This version is already the list as it is now.',
  showMore: 'Show more',
  showFewerChanges: 'Show fewer changes',
  loadingEntries: 'Loading this version...',
  entriesLoadFailed: 'Failed to load this version.',
  restoreConfirm: 'Restore',
  backToList: 'Back to the list',
  versions: 'Versions',
  empty: 'No versions yet.',
} as const;
