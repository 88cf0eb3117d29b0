import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/client/lib/cn';
import { optionSelectTriggerClass, selectTriggerClass } from './select-styles';

export { selectTriggerClass };

// Our select, built on Radix: the trigger's look, the popover list and its items.

export function SelectChevron() {
  return (
    <Select.Icon>
      <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden />
    </Select.Icon>
  );
}

export function SelectContent({
  children,
  align,
  className,
}: {
  children: ReactNode;
  align?: 'start' | 'end';
  className?: string;
}) {
  return (
    <Select.Portal>
      <Select.Content
        position="popper"
        sideOffset={6}
        align={align}
        className={cn(
          'z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700',
          className,
        )}
      >
        <Select.Viewport>{children}</Select.Viewport>
      </Select.Content>
    </Select.Portal>
  );
}

export function SelectItem({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Select.Item
      value={value}
      className="relative flex cursor-pointer items-center rounded-lg py-2 pr-3 pl-8 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[state=checked]:font-semibold dark:text-slate-200 dark:data-[highlighted]:bg-slate-800"
    >
      <Select.ItemIndicator className="absolute left-2 inline-flex items-center">
        <Check className="h-4 w-4 text-brand-600 dark:text-brand-200" aria-hidden />
      </Select.ItemIndicator>
      <Select.ItemText>{children}</Select.ItemText>
    </Select.Item>
  );
}

export const SelectRoot = Select.Root;
export const SelectValue = Select.Value;

/** The field that opens the list; `data-placeholder` text keeps AA contrast (4.5:1). */
export function SelectTrigger({ className, children, ...props }: ComponentProps<typeof Select.Trigger>) {
  return (
    <Select.Trigger
      className={cn(
        'flex data-[placeholder]:text-slate-500 dark:data-[placeholder]:text-slate-400',
        selectTriggerClass,
        className,
      )}
      {...props}
    >
      {children}
      <SelectChevron />
    </Select.Trigger>
  );
}

/** A select over a fixed list of options, each with its label. */
export function OptionSelect<T extends string>({
  id,
  value,
  options,
  labels,
  onChange,
  className,
  align = 'end',
  'aria-label': ariaLabel,
  openAtOnce = false,
  focusAtOnce = false,
}: {
  id?: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
  className?: string;
  align?: 'start' | 'end';
  'aria-label'?: string;
  /** Open as it mounts: its stand-in was pressed while it loaded (DeferredOptionSelect). */
  openAtOnce?: boolean;
  /** Focus its trigger as it mounts: its stand-in had the focus while it loaded. */
  focusAtOnce?: boolean;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusAtOnce && !openAtOnce) trigger.current?.focus();
  }, [focusAtOnce, openAtOnce]);
  return (
    <Select.Root
      defaultOpen={openAtOnce}
      value={value}
      onValueChange={(next) => {
        const option = options.find((candidate) => candidate === next);
        if (option) onChange(option);
      }}
    >
      <Select.Trigger
        ref={trigger}
        id={id}
        aria-label={ariaLabel}
        className={cn(optionSelectTriggerClass, selectTriggerClass, className)}
      >
        <Select.Value>{labels[value]}</Select.Value>
        <SelectChevron />
      </Select.Trigger>
      <SelectContent align={align}>
        {options.map((option) => (
          <SelectItem key={option} value={option}>
            {labels[option]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select.Root>
  );
}
