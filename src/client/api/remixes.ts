import type { remixPageSchema } from '@/domain/checklists/remixes';
import { newestFirstPages } from './newest-first-pages';

/**
 * A list's public remixes, newest first, a page at a time: each page starts after the previous
 * one's `nextCursor`. Under the checklists' key, so a clone made here refreshes it.
 */
export const remixesQuery = (checklistId: string) => newestFirstPages<typeof remixPageSchema>(checklistId, 'remixes');
