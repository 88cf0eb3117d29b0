// The words of a list's Export menu and of its print view. Apart from the exporter
// (markdown-export.ts), which loads only when a reader exports: a page shows these without it.

export const exportMessages = {
  menu: 'Export',
  downloadMarkdown: 'Download Markdown',
  copyText: 'Copy as text',
  print: 'Print',
  copied: 'Copied to clipboard.',
  copyFailed: 'Could not copy to the clipboard. Your browser did not allow it.',
  downloadFailed: 'Could not prepare the download. Please try again.',
} as const;

export const printMessages = {
  print: 'Print',
  backToChecklist: 'Back to checklist',
  author: 'Author',
  byAuthor: (author: string) => `by ${author}`,
  /** The name of the items before a list's first heading (each section after is named by its heading). */
  items: 'Items',
  estimatedTime: 'Estimated time',
  difficulty: 'Difficulty',
  tags: 'Tags',
  address: 'Find this checklist online',
  qrCode: 'QR code of the checklist’s address',
} as const;
