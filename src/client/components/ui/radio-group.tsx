import { RadioGroup as RadixRadioGroup } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/cn';

// Our radio group (Radix), drawn as a segmented control: one track, the chosen option raised.
// Radix gives each option the radio role and the keyboard: Tab into the group, arrows to choose.

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadixRadioGroup.Root>) {
  return (
    <RadixRadioGroup.Root
      className={cn(
        'grid h-11 auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-1 ring-1 ring-slate-200 ring-inset aria-[invalid=true]:ring-red-500 dark:bg-slate-800/60 dark:ring-slate-700',
        className,
      )}
      {...props}
    />
  );
}

export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadixRadioGroup.Item>) {
  return (
    <RadixRadioGroup.Item
      className={cn(
        'flex cursor-pointer items-center justify-center gap-1.5 rounded-md text-sm font-medium text-slate-600 transition-colors select-none hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-white data-[state=checked]:text-slate-900 data-[state=checked]:shadow-sm dark:text-slate-400 dark:hover:text-white dark:data-[state=checked]:bg-slate-950 dark:data-[state=checked]:text-white',
        className,
      )}
      {...props}
    />
  );
}
