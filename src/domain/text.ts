// What people type is shown to other people, so some characters are refused wherever text is
// stored: control characters (C0, DEL, C1: PostgreSQL cannot even hold NUL; the others are
// invisible, or break a line where the field has none), and the bidirectional embeddings,
// overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make text read differently from
// what it is ("Trojan Source", CVE-2021-42574). A multi-line field (a description, a comment)
// keeps its newlines and tabs. One rule, used by every field schema, so the form and the API
// refuse alike.

import { z } from 'zod';

export type TextKind = 'single-line' | 'multi-line';

export const textMessages = {
  'single-line': 'Text cannot contain line breaks, control characters or text-direction overrides.',
  'multi-line': 'Text cannot contain control characters or text-direction overrides.',
} as const satisfies Record<TextKind, string>;

/* eslint-disable no-control-regex -- matching control characters is the point. */
const SINGLE_LINE_TEXT = /^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/;
const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/;
/* eslint-enable no-control-regex */

/** Whether `value` holds only characters a field of that kind accepts. */
export function isAllowedText(value: string, kind: TextKind): boolean {
  return (kind === 'multi-line' ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT).test(value);
}

/**
 * The start of every stored text field's schema: trimmed, its line ends made `\n` (multi-line),
 * and refused with the rule's message when it holds a forbidden character. Fields add their own
 * required and length rules after it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function plainText(kind: TextKind) {
  const base = kind === 'multi-line' ? z.string().overwrite(normalizeLineEnds) : z.string();
  return base.trim().refine((value) => isAllowedText(value, kind), textMessages[kind]);
}

/**
 * A stored text field that must not be blank (`required`) and holds at most `max` characters
 * (`tooLong`), each refused with the field's own words.
 */
/* @__NO_SIDE_EFFECTS__ */
export function requiredText(kind: TextKind, required: string, max: number, tooLong: string) {
  return plainText(kind).min(1, required).max(max, tooLong);
}

/** Windows and old Mac line ends (`\r\n`, `\r`) as `\n`, so a pasted or API-sent text keeps its lines. */
export function normalizeLineEnds(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}
