// The words of working without a connection: the header's status while the device is offline or
// holds changes not yet sent, and what a screen or a write that needs the network says instead.
// Apart from offline.ts, whose copy of a list loads only with the list: these are in every page's
// first load (the header, and every write's error).

/** The header's status: offline, and how many changes on this device wait to be sent. */
export const queueMessages = {
  /** The status's own name, for finding it among the page's live regions. */
  label: 'Connection',
  offline: 'Offline',
  changesWaiting: (count: number) => `${count} ${count === 1 ? 'change' : 'changes'} waiting`,
} as const;

/** What needs the network says while there is none. */
export const offlineMessages = {
  browseNeedsConnection: 'Browse and search need a connection.',
  commentsNeedConnection: 'Comments need a connection.',
  writeNeedsConnection: 'You’re offline. This needs a connection; what you typed is kept.',
} as const;
