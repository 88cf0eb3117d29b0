import { Popover as RadixPopover } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/cn';
import { menuSurfaceClass } from './menu-surface';

/** Our popover (Radix Popover), on the same surface as the dropdown menus. */
export const Popover = RadixPopover.Root;
export const PopoverTrigger = RadixPopover.Trigger;

export function PopoverContent({ className, ...props }: ComponentProps<typeof RadixPopover.Content>) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content align="end" sideOffset={8} className={cn(menuSurfaceClass, className)} {...props} />
    </RadixPopover.Portal>
  );
}
