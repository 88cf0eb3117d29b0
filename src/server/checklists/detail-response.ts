import type { ChecklistDetail } from '@/domain/checklists/checklist-view';

/** A detail read: every field of the response but `items`, and `items` as PostgreSQL wrote its JSON. */
export type DetailRead = { detail: Omit<ChecklistDetail, 'items'>; itemsJson: string };

/**
 * The detail response's JSON text: the fields as JSON.stringify writes them, with the entries' JSON
 * array appended as it came. Entries are most of a list's response, and parsing them only to write
 * them again was most of what a detail read cost the server.
 */
export function detailResponseBody({ detail, itemsJson }: DetailRead): string {
  const fields = JSON.stringify(detail);
  return `${fields.slice(0, -1)},"items":${itemsJson}}`;
}
