// Kept only for edit-checklist-page.tsx, which the checklist-form rewrite (issue 13) is changing at
// the same time. Import from '@/client/api/checklists' instead.
export { checklistDetailQuery } from '@/client/api/checklists';
