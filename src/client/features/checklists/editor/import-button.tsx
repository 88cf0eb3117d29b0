import { FileUp } from 'lucide-react';
import { lazy } from 'react';
import { importCopy } from '@/domain/checklists/markdown-import-limits';
import { DialogButton } from '@/client/components/ui/deferred-dialog';

// The dialog's body holds the Markdown parser; it loads when Import is pressed, never with the page.
const loadImportDialog = () => import('./import-dialog');
const ImportDialogBody = lazy(async () => ({ default: (await loadImportDialog()).ImportDialogBody }));

/**
 * "Import" on the create form and the wizard: a dialog that reads a list from a Markdown or text
 * file, or pasted text, into the editor's form (in context), where it shows before anything is saved.
 */
export function ImportButton() {
  return (
    <DialogButton
      type="button"
      variant="secondary"
      size="sm"
      dialog={{
        title: importCopy.title,
        description: importCopy.description,
        className: 'max-w-lg overflow-y-auto',
      }}
      preload={loadImportDialog}
      body={(close) => <ImportDialogBody onImported={close} />}
    >
      <FileUp className="h-4 w-4" aria-hidden />
      {importCopy.button}
    </DialogButton>
  );
}
