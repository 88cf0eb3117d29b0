import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, type ComponentProps } from 'react';
import { cn } from '@/client/lib/cn';
import { useIsHydrated } from '@/client/lib/hydration';
import type { OptionSelect as OptionSelectType } from './select';
import { optionSelectTriggerClass, selectTriggerClass } from './select-styles';

const LazyOptionSelect = lazy(async () => ({
  default: (await import('./select')).OptionSelect,
})) as typeof OptionSelectType;

/**
 * `OptionSelect` for a page's first load: Radix Select and its positioning load just
 * after the page, while a stand-in with the same look and the current value holds its place. A
 * server-rendered page (decision 025) has the stand-in, and keeps it until hydrated.
 */
export function DeferredOptionSelect<T extends string>(props: ComponentProps<typeof OptionSelectType<T>>) {
  const { id, value, labels, className, 'aria-label': ariaLabel } = props;
  const isHydrated = useIsHydrated();
  const standIn = (
    <button
      type="button"
      id={id}
      role="combobox"
      aria-expanded={false}
      aria-label={ariaLabel}
      className={cn(optionSelectTriggerClass, selectTriggerClass, className)}
    >
      <span>{labels[value]}</span>
      <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden />
    </button>
  );
  if (!isHydrated) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LazyOptionSelect {...props} />
    </Suspense>
  );
}
