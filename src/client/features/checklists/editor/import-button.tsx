import { FileUp } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { importCopy } from '@/domain/checklists/markdown-import-limits';
import { Button } from '@/client/components/ui/button';
import { DeferredDialog } from '@/client/components/ui/deferred-dialog';
import { Spinner } from '@/client/components/ui/spinner';

// The dialog's body holds the Markdown parser; it loads when Import is pressed, never with the page.
const loadImportDialog = () => import('./import-dialog');
const ImportDialogBody = lazy(async () => ({ default: (await loadImportDialog()).ImportDialogBody }));

/**
 * "Import" on the create form and the wizard: a dialog that reads a list from a Markdown or text
 * file, or pasted text, into the editor's form (in context), where it shows before anything is saved.
 */
export function ImportButton() {
  const [isOpen, setOpen] = useState(false);
  return (
    <DeferredDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      title={importCopy.title}
      description={importCopy.description}
      className="max-w-lg overflow-y-auto"
      trigger={(triggerProps) => (
        <Button
          {...triggerProps}
          type="button"
          variant="secondary"
          size="sm"
          onPointerDown={() => {
            triggerProps.onPointerDown();
            void loadImportDialog();
          }}
        >
          <FileUp className="h-4 w-4" aria-hidden />
          {importCopy.button}
        </Button>
      )}
    >
      {isOpen ? (
        <Suspense fallback={<Spinner />}>
          <ImportDialogBody onImported={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </DeferredDialog>
  );
}
