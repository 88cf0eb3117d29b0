import type { Heading, List, ListItem, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import type { ChecklistDetail } from './checklist-view';
import { MARKDOWN_FIELD_SEPARATOR, markdownLabels } from './markdown-format';

// A list as a reader takes it away: the Markdown file of markdown-format.ts (which its import reads
// back as the same list) and the plain text of "Copy as text". Both carry the reader's own
// completions; the print view carries none.

/** What an export reads of a list. */
export type ExportedChecklist = Pick<
  ChecklistDetail,
  'title' | 'description' | 'tags' | 'items' | 'estimatedTime' | 'difficulty'
>;

/** A note's lines in the plain text sit under their item's text, after its box and space. */
const TEXT_NOTE_INDENT = '  ';
const UNCHECKED_BOX = '☐';
const CHECKED_BOX = '☑';
/** Long enough to tell lists apart, short enough for every file system. */
const MAX_FILE_NAME_LENGTH = 80;

const text = (value: string): PhrasingContent => ({ type: 'text', value });

// A web address in a list's text becomes an autolink (`<https://…>`): readable and clickable, where
// plain text would have its `:` escaped so that no renderer links it on its own. Its text is the
// same either way, so the import reads back the same characters.
const WEB_ADDRESS = /https?:\/\/[^\s<>]*[^\s<>.,;:!?'")\]]/g;

/** `value` as phrasing: text, with each web address in it as a link to itself. */
function phrasing(value: string): PhrasingContent[] {
  const nodes: PhrasingContent[] = [];
  let at = 0;
  for (const match of value.matchAll(WEB_ADDRESS)) {
    if (match.index > at) nodes.push(text(value.slice(at, match.index)));
    nodes.push({ type: 'link', url: match[0], children: [text(match[0])] });
    at = match.index + match[0].length;
  }
  if (at < value.length) nodes.push(text(value.slice(at)));
  return nodes;
}

const paragraph = (value: string): Paragraph => ({ type: 'paragraph', children: phrasing(value) });

/** A description's blank lines separate its paragraphs; its single line breaks stay inside them. */
const paragraphsOf = (value: string): Paragraph[] =>
  value
    .split(/\n[ \t]*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map(paragraph);

/**
 * One item as a task list item, checked when the reader completed it. Its note follows its text in
 * the same paragraph, one line per line, so it is indented under the item (markdown-format.ts);
 * a blank line of a note is written as character references and so stays inside the item.
 */
function taskItem(content: string, note: string, isCompleted: boolean): ListItem {
  return {
    type: 'listItem',
    checked: isCompleted,
    spread: false,
    children: [paragraph(note ? `${content}\n${note}` : content)],
  };
}

/** The list's entries in order: items in task lists, each heading a `##` heading between them. */
function entryNodes(items: ExportedChecklist['items'], completed: ReadonlySet<string>): RootContent[] {
  const nodes: RootContent[] = [];
  let list: List | null = null;
  for (const entry of items) {
    if (entry.kind === 'heading') {
      list = null;
      nodes.push({ type: 'heading', depth: 2, children: phrasing(entry.content) } satisfies Heading);
      continue;
    }
    if (!list) {
      list = { type: 'list', ordered: false, spread: false, children: [] };
      nodes.push(list);
    }
    list.children.push(taskItem(entry.content, entry.note, completed.has(entry.id)));
  }
  return nodes;
}

/**
 * The list as GitHub-flavoured Markdown in the format of markdown-format.ts, with the reader's
 * completions ticked: title, description, items and headings, then Tags (when it has any), the
 * estimated time and difficulty, and the list's address. Built as a syntax tree and serialised, so
 * any character that means something in Markdown is escaped and reads back as itself.
 */
export function checklistToMarkdown(
  checklist: ExportedChecklist,
  completedItemIds: readonly string[],
  address: string,
): string {
  const labels = markdownLabels;
  const children: RootContent[] = [
    { type: 'heading', depth: 1, children: phrasing(checklist.title) },
    ...paragraphsOf(checklist.description),
    ...entryNodes(checklist.items, new Set(completedItemIds)),
  ];
  if (checklist.tags.length > 0) children.push(paragraph(`${labels.tags} ${checklist.tags.join(', ')}`));
  children.push(
    paragraph(
      `${labels.estimatedTime} ${checklist.estimatedTime}${MARKDOWN_FIELD_SEPARATOR}${labels.difficulty} ${checklist.difficulty}`,
    ),
    paragraph(`${labels.source} ${address}`),
  );
  const root: Root = { type: 'root', children };
  return toMarkdown(root, { extensions: [gfmToMarkdown()], bullet: '-', listItemIndent: 'one' });
}

/**
 * The list as plain text for "Copy as text", to paste into a message or a note: title,
 * description, then each item behind a box (☑ when the reader completed it) with its note
 * indented under it, each heading on its own line, the tags and the list's address.
 */
export function checklistToText(
  checklist: ExportedChecklist,
  completedItemIds: readonly string[],
  address: string,
): string {
  const completed = new Set(completedItemIds);
  const blocks: string[] = [checklist.title];
  if (checklist.description.trim()) blocks.push(checklist.description.trim());
  let lines: string[] = [];
  const closeSection = () => {
    if (lines.length > 0) blocks.push(lines.join('\n'));
    lines = [];
  };
  for (const entry of checklist.items) {
    if (entry.kind === 'heading') {
      closeSection();
      blocks.push(entry.content);
      continue;
    }
    lines.push(`${completed.has(entry.id) ? CHECKED_BOX : UNCHECKED_BOX} ${entry.content}`);
    if (entry.note) lines.push(...entry.note.split('\n').map((line) => (line ? `${TEXT_NOTE_INDENT}${line}` : '')));
  }
  closeSection();
  if (checklist.tags.length > 0) blocks.push(`${markdownLabels.tags} ${checklist.tags.join(', ')}`);
  blocks.push(address);
  return `${blocks.join('\n\n')}\n`;
}

/**
 * The downloaded file's name: the title in lower case, each run of anything but letters and digits
 * (of any script) as one hyphen, accents dropped; "checklist" for a title with none.
 */
export function markdownFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, MAX_FILE_NAME_LENGTH)
    .replace(/^-+|-+$/g, '');
  return `${slug || 'checklist'}.md`;
}
