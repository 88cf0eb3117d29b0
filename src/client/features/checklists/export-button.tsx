import { ChevronDown, Download } from 'lucide-react';
import type { ComponentProps } from 'react';
import { exportMessages } from '@/domain/checklists/export-messages';
import { Button } from '@/client/components/ui/button';

/** The Export button: the menu's trigger, and its stand-in while the menu's code loads. */
export function ExportButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="secondary" aria-haspopup="menu" {...props}>
      <Download className="h-4 w-4" aria-hidden />
      {exportMessages.menu}
      <ChevronDown className="h-4 w-4" aria-hidden />
    </Button>
  );
}
