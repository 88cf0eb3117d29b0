import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/cn';
import { useIsHydrated } from '@/client/lib/hydration';
import { useDeferredComponent } from '@/client/lib/use-deferred-component';
import type { OptionSelect as OptionSelectType } from './select';
import { optionSelectTriggerClass, selectTriggerClass } from './select-styles';

type OptionSelectProps<T extends string> = ComponentProps<typeof OptionSelectType<T>>;

const loadOptionSelect = async () => (await import('./select')).OptionSelect;

/**
 * `OptionSelect` for a page's first load: Radix Select and its positioning load once the page's
 * first load is over, or as the stand-in is pressed or focused, while a stand-in with the same look
 * and the current value holds its place. A server-rendered page (decision 025) has the stand-in,
 * and keeps it until hydrated; pressed, the select opens once loaded; focused, its trigger takes
 * the focus.
 */
export function DeferredOptionSelect<T extends string>(
  props: Omit<OptionSelectProps<T>, 'openAtOnce' | 'focusAtOnce'>,
) {
  const { id, value, labels, className, 'aria-label': ariaLabel } = props;
  const isHydrated = useIsHydrated();
  const { loaded, isWanted, standInProps } = useDeferredComponent(loadOptionSelect);
  if (!isHydrated || !loaded) {
    return (
      <button
        {...standInProps}
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
  }
  const Select = loaded.Component as typeof OptionSelectType<T>;
  return <Select {...props} openAtOnce={isWanted} focusAtOnce={loaded.hadFocus} />;
}
