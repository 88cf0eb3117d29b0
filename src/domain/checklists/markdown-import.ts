import type { BlockContent, DefinitionContent, ListItem, Nodes, Paragraph, PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { normalizeLineEnds } from '../text';
import { DIFFICULTIES, type Difficulty } from './checklist-view';
import { ESTIMATED_TIMES, uniqueTags, type ChecklistEntry, type EstimatedTime } from './checklist-fields';
import { importProblem, type ImportSource } from './markdown-import-limits';
import { MARKDOWN_FIELD_SEPARATOR, markdownLabels } from './markdown-format';

// Reads a list from Markdown or plain text: what people paste into an item row, a file they import,
// and Ticklist's own export (markdown-format.ts), which reads back as the list it was. The text is
// parsed as GitHub-flavoured Markdown and read from the tree, so list and task markers, emphasis
// and escapes are Markdown's own rules, never a guess at the characters.
//
// - Each non-empty line of plain text is an item; a list item's first line is an item.
// - A heading (any depth) is a heading entry; a first depth-1 heading with more after it is the title.
// - Lines indented deeper than an item's line, and everything after a list item's first line
//   (its continuation lines, later paragraphs, nested lists as text), are that item's note.
// - With a title, paragraphs before the first list or heading are the description.
// - A line that starts with one of the export's labels ("Tags:", "Estimated time:", ...) is that field.

export type ImportedList = {
  title?: string;
  description?: string;
  tags?: string[];
  estimatedTime?: EstimatedTime;
  difficulty?: Difficulty;
  items: ChecklistEntry[];
};

export type ImportOutcome = { ok: true; value: ImportedList } | { ok: false; message: string };

/**
 * `list`: a whole list (the import dialog): title, description and labelled fields are read.
 * `rows`: entries only (a paste into an item row): every line is an entry, labels and a first
 * heading included, so nothing pasted is lost.
 */
export type ImportMode = 'list' | 'rows';

/** One line of text with the indentation of its source line (in columns, a tab to the next multiple of 4). */
type Line = { text: string; indent: number };

export function parseMarkdownList(input: string, mode: ImportMode, source: ImportSource): ImportOutcome {
  const problem = importProblem.ofText(input, source);
  if (problem) return { ok: false, message: problem };
  const text = normalizeLineEnds(input.replace(/^\uFEFF/, ''));
  const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const list = readBlocks(tree.children, mode, text.split('\n'));
  const limit = importProblem.ofList(list, source);
  return limit ? { ok: false, message: limit } : { ok: true, value: list };
}

function readBlocks(blocks: RootContent[], mode: ImportMode, sourceLines: string[]): ImportedList {
  const list: ImportedList = { items: [] };
  const entries = list.items;
  /** The last item, which indented lines below it join as its note; a heading ends it. */
  let current: { entry: ChecklistEntry; indent: number } | null = null;
  const descriptions: string[] = [];

  const indentOf = (line: number) => indentWidth(sourceLines[line - 1] ?? '');
  const addItem = (content: string, indent: number) => {
    const entry: ChecklistEntry = { kind: 'item', content: singleLine(content), note: '' };
    entries.push(entry);
    current = { entry, indent };
  };
  const addHeading = (content: string) => {
    entries.push({ kind: 'heading', content: singleLine(content), note: '' });
    current = null;
  };
  const addNote = (text: string, separator: '\n' | '\n\n') => {
    const note = multiLine(text);
    if (!current || !note) return;
    current.entry.note = current.entry.note ? `${current.entry.note}${separator}${note}` : note;
  };
  /** Plain lines: an item each, or the note of the item above when indented deeper than its line. */
  const addLines = (lines: Line[], separator: '\n' | '\n\n') => {
    lines.forEach((line, index) => {
      if (!line.text.trim()) return;
      if (current && line.indent > current.indent) addNote(line.text, index === 0 ? separator : '\n');
      else addItem(line.text, line.indent);
    });
  };
  const addListItem = (item: ListItem) => {
    const markerIndent = (item.position?.start.column ?? 1) - 1;
    const [first, ...rest] = item.children;
    if (!first) return;
    const lines =
      first.type === 'paragraph'
        ? sourcedLines(first, indentOf)
        : blockText(first)
            .split('\n')
            .map((text) => ({ text, indent: markerIndent + 1 }));
    const [head, ...tail] = lines;
    if (!head?.text.trim()) return;
    addItem(head.text, markerIndent);
    // The item's other lines are its note, except a continuation line at or left of the marker (a
    // "lazy" line, which Markdown keeps in the item): it was not written under the item, so it is one.
    addLines(
      tail.map((line) => (first.type === 'paragraph' ? line : { ...line, indent: markerIndent + 1 })),
      '\n',
    );
    for (const block of rest) addNote(blockText(block), item.spread ? '\n\n' : '\n');
  };
  const readFields = (lines: Line[]): Line[] => lines.filter((line) => !readField(list, line.text.trim()));

  const first = blocks[0];
  const hasTitle = mode === 'list' && first?.type === 'heading' && first.depth === 1 && blocks.length > 1;
  if (hasTitle) list.title = singleLine(phrasingText(first.children));
  const body = hasTitle ? blocks.slice(1) : blocks;
  // The description is what stands between the title and the first list or heading; with no list
  // or heading after it, the text is the items themselves.
  const firstEntryBlock = body.findIndex((block) => block.type === 'list' || block.type === 'heading');
  const descriptionEnd = hasTitle && firstEntryBlock > 0 ? firstEntryBlock : 0;

  const read = (block: RootContent | BlockContent | DefinitionContent, index: number) => {
    switch (block.type) {
      case 'heading':
        addHeading(phrasingText(block.children));
        return;
      case 'list':
        block.children.forEach(addListItem);
        return;
      case 'blockquote':
        block.children.forEach((child) => read(child, index));
        return;
      case 'paragraph': {
        const lines = mode === 'list' ? readFields(sourcedLines(block, indentOf)) : sourcedLines(block, indentOf);
        if (index < descriptionEnd) descriptions.push(lines.map((line) => line.text).join('\n'));
        else addLines(lines, '\n\n');
        return;
      }
      case 'code':
      case 'html':
      case 'table': {
        if (index < descriptionEnd) descriptions.push(blockText(block));
        else addLines(blockLines(block, indentOf), '\n\n');
        return;
      }
      default:
        // Thematic breaks, link definitions, footnotes: nothing a list holds.
        return;
    }
  };
  body.forEach((block, index) => read(block, index));

  const description = multiLine(descriptions.join('\n\n'));
  if (description) list.description = description;
  if (list.tags) list.tags = uniqueTags(list.tags);
  return list;
}

/** Reads a labelled line into its field; false when the line has no label. */
function readField(list: ImportedList, line: string): boolean {
  const valueAfter = (label: string) => (line.startsWith(label) ? line.slice(label.length).trim() : null);
  const tags = valueAfter(markdownLabels.tags);
  if (tags !== null) {
    list.tags = [
      ...(list.tags ?? []),
      ...tags
        .split(',')
        .map((tag) => singleLine(tag))
        .filter(Boolean),
    ];
    return true;
  }
  const time = valueAfter(markdownLabels.estimatedTime);
  const difficulty = valueAfter(markdownLabels.difficulty);
  if (time !== null) {
    // "Estimated time: 30 minutes · Difficulty: easy" shares one line.
    const [timeText = '', ...others] = time.split(MARKDOWN_FIELD_SEPARATOR.trim()).map((part) => part.trim());
    const estimatedTime = oneOf(ESTIMATED_TIMES, timeText);
    if (estimatedTime) list.estimatedTime = estimatedTime;
    for (const other of others) readField(list, other);
    return true;
  }
  if (difficulty !== null) {
    const value = oneOf(DIFFICULTIES, difficulty);
    if (value) list.difficulty = value;
    return true;
  }
  return valueAfter(markdownLabels.source) !== null;
}

/** The choice whose words `text` spells, in any case; undefined when none does. */
function oneOf<T extends string>(choices: readonly T[], text: string): T | undefined {
  return choices.find((choice) => choice.toLowerCase() === text.toLowerCase());
}

/** A paragraph's lines as text, each with the indentation of the source line it came from. */
function sourcedLines(paragraph: Paragraph, indentOf: (line: number) => number): Line[] {
  const startLine = paragraph.position?.start.line ?? 1;
  return phrasingText(paragraph.children)
    .split('\n')
    .map((text, offset) => ({ text, indent: indentOf(startLine + offset) }));
}

/** The lines of a code block, raw HTML or a table, with the indentation of their source lines. */
function blockLines(block: BlockContent, indentOf: (line: number) => number): Line[] {
  const lines = blockText(block).split('\n');
  const start = block.position?.start.line ?? 1;
  const span = (block.position?.end.line ?? start) - start + 1;
  // A fenced code block's first source line is its fence; an indented one has none.
  const firstLine = block.type === 'code' && span > lines.length ? start + 1 : start;
  return lines.map((text, offset) => ({ text, indent: block.type === 'table' ? 0 : indentOf(firstLine + offset) }));
}

/**
 * Inline content as plain text (mdast-util-to-string: emphasis markers go, escapes become their
 * character, a link keeps its text), with its line breaks, soft and hard, as `\n`.
 */
function phrasingText(nodes: PhrasingContent[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'break') return '\n';
      // Inline code across lines reads as one line, as Markdown renders it.
      if (node.type === 'inlineCode') return node.value.replace(/\n/g, ' ');
      if ('children' in node) return phrasingText(node.children);
      return toString(node);
    })
    .join('');
}

/** A block inside a list item (or a description) as text: a nested list is its items' lines. */
function blockText(node: Nodes): string {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
      return phrasingText(node.children);
    case 'list':
      return node.children.map(blockText).join(node.spread ? '\n\n' : '\n');
    case 'listItem':
    case 'blockquote':
      return node.children.map(blockText).join('listItem' === node.type && !node.spread ? '\n' : '\n\n');
    case 'table':
      return node.children.map((row) => row.children.map((cell) => phrasingText(cell.children)).join(' | ')).join('\n');
    case 'code':
    case 'html':
      return node.value;
    default:
      return '';
  }
}

function indentWidth(line: string): number {
  let width = 0;
  for (const character of line) {
    if (character === ' ') width += 1;
    else if (character === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/*
 * Characters a stored field refuses (domain/text.ts) are invisible or break the line; an import
 * leaves them out (a tab becomes a space) rather than refusing a whole file over them.
 */
/* eslint-disable no-control-regex -- removing control characters is the point. */
const REFUSED_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/* eslint-enable no-control-regex */

/** One line of a field: its line breaks and tabs as spaces, trimmed. */
function singleLine(text: string): string {
  return text
    .replace(/[\t\n]/g, ' ')
    .replace(REFUSED_CHARACTERS, '')
    .trim();
}

/** Multi-line text: lines trimmed at their end, no more than one blank line in a row, trimmed. */
function multiLine(text: string): string {
  return text
    .replace(REFUSED_CHARACTERS, '')
    .replace(/\t/g, ' ')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
