// The look of a select's trigger, shared by the Radix select (select.tsx) and its stand-in while
// that loads (deferred-option-select.tsx).
export const selectTriggerClass =
  'cursor-pointer items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';

export const optionSelectTriggerClass = 'inline-flex h-11 min-w-36 text-sm font-medium';
