// What Ticklist's Markdown export writes and its import reads back, so a downloaded list imports as
// the same list. The document is a GitHub-flavoured task list:
//
//   # {title}
//
//   {description}
//
//   - [ ] {item}
//   - [x] {item the reader ticked}
//     {the item's note, indented under it, one line per line}
//
//   ## {heading}
//
//   - [ ] {item}
//
//   Tags: {tag}, {tag}
//
//   Estimated time: {estimated time} · Difficulty: {difficulty}
//
//   Source: {the list's address}
//
// Each labelled line is a paragraph of its own; an import reads a paragraph that starts with one
// of these labels as that field, and leaves the source line out.

export const markdownLabels = {
  tags: 'Tags:',
  estimatedTime: 'Estimated time:',
  difficulty: 'Difficulty:',
  source: 'Source:',
} as const;

/** Between the estimated time and the difficulty on their shared line. */
export const MARKDOWN_FIELD_SEPARATOR = ' · ';
