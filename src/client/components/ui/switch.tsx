import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/cn';

type SwitchProps = Omit<ComponentProps<'button'>, 'type' | 'role' | 'value' | 'onChange'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off switch: a button with the switch role and its state in `aria-checked`, so a `<label
 * htmlFor>` names and presses it, and Space or Enter turns it. A plain button, not Radix's
 * Switch: a list's page shows one to every reader ("Hide completed items"), and Radix's code and
 * its helpers would be part of that page's first load.
 */
export function Switch({ checked, onCheckedChange, className, onClick, ...props }: SwitchProps) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-slate-700',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange(!checked);
      }}
      {...props}
    >
      <span
        data-state={state}
        className="pointer-events-none block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]"
      />
    </button>
  );
}
