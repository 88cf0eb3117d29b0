import {
  countItems,
  MAX_DESCRIPTION_LENGTH,
  MAX_HEADINGS,
  MAX_ITEM_LENGTH,
  MAX_ITEMS,
  MAX_NOTE_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  type ChecklistEntry,
} from './checklist-fields';

// What an import refuses, in words that name the limit: the form's own limits (a list read from a
// file is never cut short without a word), and text that is not text at all. Nothing is refused
// here that the form would accept.

/** Where the text came from, as the messages name it. */
export type ImportSource = 'file' | 'pasted text';
/** What is added to the form's rows, as the messages name it. */
export type AddedEntries = 'pasted lines' | 'imported items';

/** The largest file the import dialog reads. */
export const MAX_IMPORT_KB = 200;
export const MAX_IMPORT_BYTES = MAX_IMPORT_KB * 1024;
/** What the dialog's file input offers; a file is read when its name or its type is one of these. */
export const IMPORT_FILE_EXTENSIONS = ['.md', '.markdown', '.txt'] as const;
export const IMPORT_FILE_TYPES = ['text/markdown', 'text/x-markdown', 'text/plain'] as const;
export const IMPORT_FILE_ACCEPT = [...IMPORT_FILE_EXTENSIONS, 'text/markdown', 'text/plain'].join(',');

/**
 * A text is taken for a binary file when it holds a NUL, or when more than this share of its
 * characters are control characters or U+FFFD (what a byte that is not UTF-8 decodes to).
 */
const BINARY_SHARE = 0.1;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export const markdownImportMessages = {
  empty: (source: ImportSource) => `The ${source} is empty: there is nothing to import.`,
  binary: (source: ImportSource) =>
    `The ${source} is not text. Import a Markdown (.md) or text (.txt) file, or paste text.`,
  noEntries: (source: ImportSource) => `The ${source} has no items to import.`,
  fileType: 'Only Markdown (.md, .markdown) and text (.txt) files can be imported.',
  fileTooLarge: (bytes: number) =>
    `The file is ${Math.ceil(bytes / 1024)} KB; a file to import can be at most ${MAX_IMPORT_KB} KB.`,
  textTooLarge: `The pasted text is over ${MAX_IMPORT_KB} KB; text to import can be at most ${MAX_IMPORT_KB} KB.`,
  unreadable: 'The file could not be read. Choose it again, or paste its text.',
  tooManyItems: (source: ImportSource, count: number) =>
    `The ${source} has ${count} items; a checklist can have at most ${MAX_ITEMS} items.`,
  tooManyHeadings: (source: ImportSource, count: number) =>
    `The ${source} has ${count} headings; a checklist can have at most ${MAX_HEADINGS} headings.`,
  itemTooLong: (source: ImportSource, number: number, length: number) =>
    `Item ${number} of the ${source} has ${length} characters; an item can have at most ${MAX_ITEM_LENGTH} characters.`,
  headingTooLong: (source: ImportSource, number: number, length: number) =>
    `Heading ${number} of the ${source} has ${length} characters; a heading can have at most ${MAX_ITEM_LENGTH} characters.`,
  noteTooLong: (source: ImportSource, number: number, length: number) =>
    `The note of item ${number} of the ${source} has ${length} characters; a note can have at most ${MAX_NOTE_LENGTH} characters.`,
  titleTooLong: (source: ImportSource, length: number) =>
    `The title in the ${source} has ${length} characters; a title can have at most ${MAX_TITLE_LENGTH} characters.`,
  descriptionTooLong: (source: ImportSource, length: number) =>
    `The description in the ${source} has ${length} characters; a description can have at most ${MAX_DESCRIPTION_LENGTH} characters.`,
  tooManyTags: (source: ImportSource, count: number) =>
    `The ${source} has ${count} tags; a checklist can have at most ${MAX_TAGS} tags.`,
  tagTooLong: (source: ImportSource, tag: string) =>
    `The tag "${tag}" in the ${source} has ${tag.length} characters; a tag can have at most ${MAX_TAG_LENGTH} characters.`,
  /** The form's rows and the new ones together. */
  formTooManyItems: (added: AddedEntries, count: number) =>
    `With the ${added}, the list would have ${plural(count, 'item')}; a checklist can have at most ${MAX_ITEMS} items.`,
  formTooManyHeadings: (added: AddedEntries, count: number) =>
    `With the ${added}, the list would have ${plural(count, 'heading')}; a checklist can have at most ${MAX_HEADINGS} headings.`,
} as const;

/** The words of "Import" on the create form and the wizard, and of its dialog. */
export const importCopy = {
  button: 'Import',
  title: 'Import a list',
  description: 'Read a checklist from a Markdown or text file, or from text you paste. Nothing is saved yet.',
  fileLabel: 'File',
  fileHint: `A .md or .txt file of at most ${MAX_IMPORT_KB} KB. Its text shows below.`,
  textLabel: 'Text',
  textHint: 'One item a line. List markers, # headings and indented notes are read as Markdown.',
  submit: 'Import',
  replace: 'Imported items replace the form’s empty item rows.',
  append: (count: number) =>
    `Imported items are added after the ${count === 1 ? 'item' : `${count} items`} already in the form.`,
  fields: 'A title, description, tags, estimated time or difficulty in the text replaces the form’s.',
  imported: (count: number) =>
    `Imported ${count === 1 ? '1 item' : `${count} items`} into the form. Nothing is saved until you create the checklist.`,
} as const;

const m = markdownImportMessages;

/** The length of `text` in UTF-8 bytes, as a file of it would weigh. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Whether `text` reads as a binary file: a NUL, or a high share of control or replacement characters. */
export function isBinaryText(text: string): boolean {
  let suspect = 0;
  let total = 0;
  for (const character of text) {
    total += 1;
    const code = character.codePointAt(0) ?? 0;
    if (code === 0) return true;
    // Tab, line feed, vertical tab, form feed and carriage return are ordinary in text.
    const isControl = (code < 0x20 && (code < 0x09 || code > 0x0d)) || (code >= 0x7f && code <= 0x9f);
    if (isControl || code === 0xfffd) suspect += 1;
  }
  return total > 0 && suspect / total > BINARY_SHARE;
}

type FileFacts = { name: string; type: string; size: number };

export const importProblem = {
  /** A chosen file that cannot be imported (its type or its size), before it is read. */
  ofFile(file: FileFacts): string | null {
    const name = file.name.toLowerCase();
    const isText =
      IMPORT_FILE_EXTENSIONS.some((extension) => name.endsWith(extension)) ||
      (IMPORT_FILE_TYPES as readonly string[]).includes(file.type);
    if (!isText) return m.fileType;
    if (file.size > MAX_IMPORT_BYTES) return m.fileTooLarge(file.size);
    return null;
  },

  /** Text that cannot be read as a list: empty, binary, or over the size of a file. */
  ofText(text: string, source: ImportSource): string | null {
    if (isBinaryText(text)) return m.binary(source);
    if (!text.trim()) return m.empty(source);
    if (utf8Length(text) > MAX_IMPORT_BYTES)
      return source === 'file' ? m.fileTooLarge(utf8Length(text)) : m.textTooLarge;
    return null;
  },

  /** The first of the form's limits the list read breaks, or null. */
  ofList(
    list: { title?: string; description?: string; tags?: string[]; items: ChecklistEntry[] },
    source: ImportSource,
  ): string | null {
    const { items: entries } = list;
    if (entries.length === 0) return m.noEntries(source);
    const items = countItems(entries);
    if (items > MAX_ITEMS) return m.tooManyItems(source, items);
    const headings = entries.length - items;
    if (headings > MAX_HEADINGS) return m.tooManyHeadings(source, headings);
    if (list.title && list.title.length > MAX_TITLE_LENGTH) return m.titleTooLong(source, list.title.length);
    if (list.description && list.description.length > MAX_DESCRIPTION_LENGTH)
      return m.descriptionTooLong(source, list.description.length);
    const tags = list.tags ?? [];
    if (tags.length > MAX_TAGS) return m.tooManyTags(source, tags.length);
    const longTag = tags.find((tag) => tag.length > MAX_TAG_LENGTH);
    if (longTag) return m.tagTooLong(source, longTag);
    return entryProblem(entries, source);
  },

  /** The form's rows with the imported ones, against the list's limits (blank rows do not count). */
  ofRows(rows: readonly { kind: ChecklistEntry['kind']; content: string }[], added: AddedEntries): string | null {
    const filled = rows.filter((row) => row.content.trim());
    const items = countItems(filled);
    if (items > MAX_ITEMS) return m.formTooManyItems(added, items);
    if (filled.length - items > MAX_HEADINGS) return m.formTooManyHeadings(added, filled.length - items);
    return null;
  },
};

function entryProblem(entries: ChecklistEntry[], source: ImportSource): string | null {
  let itemNumber = 0;
  let headingNumber = 0;
  for (const entry of entries) {
    if (entry.kind === 'heading') {
      headingNumber += 1;
      if (entry.content.length > MAX_ITEM_LENGTH) return m.headingTooLong(source, headingNumber, entry.content.length);
      continue;
    }
    itemNumber += 1;
    if (entry.content.length > MAX_ITEM_LENGTH) return m.itemTooLong(source, itemNumber, entry.content.length);
    if (entry.note.length > MAX_NOTE_LENGTH) return m.noteTooLong(source, itemNumber, entry.note.length);
  }
  return null;
}
