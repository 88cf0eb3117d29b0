import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import { countItems } from '@/domain/checklists/checklist-fields';
import type { ChecklistForm, ChecklistFormField } from '@/domain/checklists/checklist-input';
import { formWithImport, importPlacement } from '@/domain/checklists/imported-rows';
import { parseMarkdownList } from '@/domain/checklists/markdown-import';
import {
  IMPORT_FILE_ACCEPT,
  importCopy,
  importProblem,
  markdownImportMessages,
  type ImportSource,
} from '@/domain/checklists/markdown-import-limits';
import { Alert } from '@/client/components/ui/alert';
import { DialogFormButtons } from '@/client/components/ui/dialog';
import { Label } from '@/client/components/ui/input';
import { toast } from '@/client/lib/toast';

const filledFields = ['title', 'description', 'items', 'tags', 'estimatedTime', 'difficulty'] as const;

const textareaClass =
  'block min-h-40 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-mono text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-200 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/**
 * The body of the import dialog: a file or pasted text, read into the editor's form when
 * "Import" is pressed. A file that cannot be read, or a list past a limit, is refused with a
 * message that names the limit, and the form keeps what it held. Nothing is sent to the server.
 */
export function ImportDialogBody({ onImported }: { onImported: () => void }) {
  const form = useFormContext<ChecklistForm>();
  const [text, setText] = useState('');
  const [source, setSource] = useState<ImportSource>('pasted text');
  const [problem, setProblem] = useState<string | null>(null);
  const [isReading, setReading] = useState(false);
  const id = useId();
  const ids = { file: `${id}-file`, fileHint: `${id}-file-hint`, text: `${id}-text`, textHint: `${id}-text-hint` };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const refused = importProblem.ofFile(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    setReading(true);
    try {
      const content = await file.text();
      const notText = importProblem.ofText(content, 'file');
      setProblem(notText);
      if (notText) return;
      setText(content);
      setSource('file');
    } catch {
      setProblem(markdownImportMessages.unreadable);
    } finally {
      setReading(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog sits in a portal, but React still bubbles its submit to the editor's own form.
    event.stopPropagation();
    const parsed = parseMarkdownList(text, 'list', source);
    const outcome = parsed.ok ? formWithImport(form.getValues(), parsed.value) : parsed;
    if (!outcome.ok) {
      setProblem(outcome.message);
      return;
    }
    for (const field of filledFields) form.setValue(field, outcome.form[field], { shouldDirty: true });
    const changed: ChecklistFormField[] = [...filledFields];
    if (form.formState.isSubmitted) void form.trigger(changed);
    else form.clearErrors(changed);
    toast.success(importCopy.imported(parsed.ok ? countItems(parsed.value.items) : 0));
    onImported();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <Label htmlFor={ids.file}>{importCopy.fileLabel}</Label>
        <input
          id={ids.file}
          type="file"
          accept={IMPORT_FILE_ACCEPT}
          aria-describedby={ids.fileHint}
          onChange={(event) => void readFile(event)}
          className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-200 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100"
        />
        <p id={ids.fileHint} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {importCopy.fileHint}
        </p>
      </div>
      <div>
        <Label htmlFor={ids.text}>{importCopy.textLabel}</Label>
        <textarea
          id={ids.text}
          rows={8}
          value={text}
          spellCheck={false}
          placeholder={'- [ ] Book the site\n- [ ] Pack the tent\n  Pegs in the side pocket'}
          aria-describedby={ids.textHint}
          onChange={(event) => {
            setText(event.target.value);
            setSource('pasted text');
            setProblem(null);
          }}
          className={textareaClass}
        />
        <p id={ids.textHint} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {importCopy.textHint}
        </p>
      </div>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-400">
        <li>{importPlacement(form.getValues('items'))}</li>
        <li>{importCopy.fields}</li>
      </ul>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <DialogFormButtons isBusy={isReading} canSubmit={text.trim() !== ''} submitLabel={importCopy.submit} />
    </form>
  );
}
