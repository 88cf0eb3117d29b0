import { withClasses } from './with-classes';

export const Card = withClasses(
  'div',
  'rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)] ring-1 ring-slate-200/70 dark:bg-slate-900 dark:ring-slate-800',
);
