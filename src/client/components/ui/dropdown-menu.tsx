import { DropdownMenu as RadixDropdownMenu } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/cn';
import { menuSurfaceClass } from './menu-surface';
import { withClasses } from './with-classes';

/**
 * Our dropdown menu (Radix DropdownMenu): one look for the header's and the dashboard's menus.
 * Not modal: a modal menu hides the rest of the page from assistive technology (aria-hidden) while
 * its links stay focusable, which axe rightly reports; focus still moves into the menu, Escape
 * closes it and focus returns to the trigger.
 */
export function DropdownMenu({ modal = false, ...props }: ComponentProps<typeof RadixDropdownMenu.Root>) {
  return <RadixDropdownMenu.Root modal={modal} {...props} />;
}
export const DropdownMenuTrigger = RadixDropdownMenu.Trigger;

export function DropdownMenuContent({ className, ...props }: ComponentProps<typeof RadixDropdownMenu.Content>) {
  return (
    <RadixDropdownMenu.Portal>
      <RadixDropdownMenu.Content
        align="end"
        sideOffset={8}
        className={cn(menuSurfaceClass, 'min-w-48 p-1.5', className)}
        {...props}
      />
    </RadixDropdownMenu.Portal>
  );
}

export const DropdownMenuLabel = withClasses(
  RadixDropdownMenu.Label,
  'px-3 py-2 text-sm font-semibold text-slate-900 dark:text-white',
);

export function DropdownMenuSeparator() {
  return <RadixDropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />;
}

const itemTones = {
  default: 'text-slate-700 data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800',
  danger: 'text-red-600 data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-slate-800',
};

export function DropdownMenuItem({
  tone = 'default',
  className,
  ...props
}: ComponentProps<typeof RadixDropdownMenu.Item> & { tone?: keyof typeof itemTones }) {
  return (
    <RadixDropdownMenu.Item
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none',
        itemTones[tone],
        className,
      )}
      {...props}
    />
  );
}
