import { RadioGroup as RadixRadioGroup } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/cn';

// Our radio group (Radix). Radix gives each option the radio role and the keyboard: Tab into the
// group, arrows to choose. Two looks: `segmented` (one track, the chosen option raised; the
// checklist's difficulty) and `tiles` (separate tiles, the chosen one ringed; theme and avatar).
// The caller lays the tiles out (grid columns); the group gives each option its look.

type Variant = 'segmented' | 'tiles';

const groupLook: Record<Variant, string> = {
  segmented:
    'grid h-11 auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-1 ring-1 ring-slate-200 ring-inset aria-[invalid=true]:ring-red-500 dark:bg-slate-800/60 dark:ring-slate-700',
  tiles: 'grid',
};

const itemLook: Record<Variant, string> = {
  segmented:
    'flex items-center justify-center gap-1.5 rounded-md text-sm font-medium text-slate-600 select-none hover:text-slate-900 data-[state=checked]:bg-white data-[state=checked]:text-slate-900 data-[state=checked]:shadow-sm dark:text-slate-400 dark:hover:text-white dark:data-[state=checked]:bg-slate-950 dark:data-[state=checked]:text-white',
  tiles:
    'rounded-xl ring-1 ring-slate-200 hover:bg-slate-50 dark:ring-slate-700 dark:hover:bg-slate-800 data-[state=checked]:bg-brand-50 data-[state=checked]:ring-2 data-[state=checked]:ring-brand-600 dark:data-[state=checked]:bg-slate-800',
};

const itemBase =
  'cursor-pointer transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50';

export function RadioGroup({
  variant = 'segmented',
  className,
  ...props
}: ComponentProps<typeof RadixRadioGroup.Root> & { variant?: Variant }) {
  return <RadixRadioGroup.Root className={cn(groupLook[variant], className)} {...props} />;
}

export function RadioGroupItem({
  variant = 'segmented',
  className,
  ...props
}: ComponentProps<typeof RadixRadioGroup.Item> & { variant?: Variant }) {
  return <RadixRadioGroup.Item className={cn(itemBase, itemLook[variant], className)} {...props} />;
}
