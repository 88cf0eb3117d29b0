// Kept only for edit-checklist-page.tsx, which the checklist-form rewrite (issue 13) is changing at
// the same time: the detail page now lives in src/client/pages/. Import cloned-from-badge.tsx instead.
export { ClonedFromBadge } from './cloned-from-badge';
