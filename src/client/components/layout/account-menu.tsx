import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';

/**
 * The signed-in user's menu, in the site header and the dashboard's: `trigger` opens it; it shows
 * `label` (who is signed in), then `children`, and last the sign-out item.
 */
export function AccountMenu({
  trigger,
  label,
  className,
  signOutLabel,
  onSignOut,
  children,
}: {
  trigger: ReactNode;
  label: string;
  className?: string;
  signOutLabel: string;
  onSignOut: () => void;
  children: ReactNode;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent className={className}>
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {children}
        <DropdownMenuItem tone="danger" onSelect={onSignOut}>
          <LogOut className="h-4 w-4" aria-hidden /> {signOutLabel}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
