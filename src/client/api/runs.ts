import type { runListSchema } from '@/domain/checklists/runs';
import { checklistPages } from './newest-first-pages';

/**
 * The signed-in user's own closed runs of a list, newest first, a page at a time: each page starts
 * after the previous one's `nextCursor`. Asked for only when the History is opened.
 */
export const runsQuery = (checklistId: string) => checklistPages<typeof runListSchema>(checklistId, 'runs');
