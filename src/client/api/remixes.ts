import type { remixPageSchema } from '@/domain/checklists/remixes';
import { checklistPages } from './newest-first-pages';

/**
 * A list's public remixes, newest first, a page at a time: each page starts after the previous
 * one's `nextCursor`. Under the checklists' key, so a clone made here refreshes it.
 */
export const remixesQuery = (checklistId: string) => checklistPages<typeof remixPageSchema>(checklistId, 'remixes');
