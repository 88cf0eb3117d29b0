import type { LucideIcon } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { Button, type ButtonProps } from './button';

type IconButtonProps = Omit<ButtonProps, 'children' | 'asChild' | 'variant' | 'size' | 'aria-label'> & {
  label: string;
  icon: LucideIcon;
};

/**
 * A row's square action that shows only its icon (a list's Delete, a group's Rename): `label` is its
 * accessible name, and a `title` can say the same or more on hover.
 */
export function IconButton({ label, icon: Icon, className, ...props }: IconButtonProps) {
  return (
    <Button variant="ghost" size="icon" className={cn('h-9 w-9', className)} aria-label={label} {...props}>
      <Icon className="h-4 w-4" aria-hidden />
    </Button>
  );
}
