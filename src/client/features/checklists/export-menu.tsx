import { ClipboardCopy, FileDown, Printer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { exportMessages } from '@/domain/checklists/export-messages';
import { paths } from '@/domain/paths';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { saveFile } from '@/client/lib/save-file';
import { toast } from '@/client/lib/toast';
import { ExportButton } from './export-button';
import { useVisitorProgress } from './use-visitor-progress';

// The exporter (and the Markdown serialiser under it) is not part of the page's first load: it is
// fetched when the menu opens, and is there by the time an item is chosen.
const loadExporter = () => import('@/domain/checklists/markdown-export');

/** The list's own page, as an absolute address: what a file or a pasted text points back to. */
const addressOf = (checklist: ChecklistDetail) => `${window.location.origin}${paths.checklist(checklist.id)}`;

/**
 * Export on a list's page: Download Markdown (the list as a file in markdown-format.ts, with the
 * reader's completions), Copy as text, and Print (the print view). Every reader may export a list
 * they can see; a visitor's completions are the ones stored in this browser.
 */
export function ExportMenu({
  checklist,
  isSignedIn,
  openAtOnce = false,
  focusAtOnce = false,
}: {
  checklist: ChecklistDetail;
  isSignedIn: boolean;
  /** Open as it mounts: its button was pressed while the menu loaded. */
  openAtOnce?: boolean;
  /** Focus its button as it mounts: the button had the focus while the menu loaded. */
  focusAtOnce?: boolean;
}) {
  const [isOpen, setOpen] = useState(openAtOnce);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (openAtOnce) void loadExporter().catch(() => {});
    else if (focusAtOnce) trigger.current?.focus();
  }, [focusAtOnce, openAtOnce]);
  const visitor = useVisitorProgress(checklist.id, checklist.items);
  const completedItemIds = isSignedIn ? checklist.viewer.completedItemIds : visitor.completedItemIds;

  const downloadMarkdown = async () => {
    try {
      const { checklistToMarkdown, markdownFileName } = await loadExporter();
      const markdown = checklistToMarkdown(checklist, completedItemIds, addressOf(checklist));
      saveFile(new Blob([markdown], { type: 'text/markdown;charset=utf-8' }), markdownFileName(checklist.title));
    } catch {
      toast.error(exportMessages.downloadFailed);
    }
  };

  const copyText = async () => {
    try {
      const { checklistToText } = await loadExporter();
      await navigator.clipboard.writeText(checklistToText(checklist, completedItemIds, addressOf(checklist)));
      toast.success(exportMessages.copied);
    } catch {
      toast.error(exportMessages.copyFailed);
    }
  };

  return (
    <DropdownMenu
      open={isOpen}
      onOpenChange={(isNowOpen) => {
        setOpen(isNowOpen);
        if (isNowOpen) void loadExporter().catch(() => {});
      }}
    >
      <DropdownMenuTrigger asChild>
        <ExportButton ref={trigger} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => void downloadMarkdown()}>
          <FileDown className="h-4 w-4" aria-hidden />
          {exportMessages.downloadMarkdown}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void copyText()}>
          <ClipboardCopy className="h-4 w-4" aria-hidden />
          {exportMessages.copyText}
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.checklistPrint(checklist.id)}>
            <Printer className="h-4 w-4" aria-hidden />
            {exportMessages.print}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
