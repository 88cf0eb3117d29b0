import { withClasses } from './with-classes';

export const Input = withClasses(
  'input',
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-200 aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 sm:text-sm',
);

export const Label = withClasses('label', 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300');

export function FieldError({ id, children }: { id?: string; children?: string | undefined }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}
