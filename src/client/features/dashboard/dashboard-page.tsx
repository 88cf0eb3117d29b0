// Kept only for create-wizard-page.tsx, which the checklist-form rewrite (issue 13) is changing at
// the same time. Import from '@/client/components/layout/dashboard-page' instead.
export { DashboardPage } from '@/client/components/layout/dashboard-page';
