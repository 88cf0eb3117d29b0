import { Heading, ListChecks, NotebookPen, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ChecklistForm } from '@/domain/checklists/checklist-input';
import { sectionMessages } from '@/domain/checklists/sections';
import { cn } from '@/client/lib/cn';
import type { RowName } from './row-list';

// Under an item row of the editor: its note, and the controls that add or remove the note and turn
// the row into a heading and back. A heading has no note, so a row with a note open becomes a
// heading only once its note is removed; nothing the author wrote is dropped by a click.

const noteClass =
  'block field-sizing-content min-h-16 max-h-72 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-200 aria-[invalid=true]:border-red-500 sm:text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

type PendingFocus = 'note' | 'add-note' | 'kind';

export function EntryRowDetails({
  index,
  name,
  canTurnIntoHeading,
  canTurnIntoItem,
  isNoteInvalid,
  errorId,
  onChange,
}: {
  index: number;
  name: RowName;
  canTurnIntoHeading: boolean;
  canTurnIntoItem: boolean;
  isNoteInvalid: boolean;
  /** The list's error, which describes a faulty note. */
  errorId: string | undefined;
  /** Runs after the row's kind or note changes (the list's rules are checked again). */
  onChange: () => void;
}) {
  const { register, setValue } = useFormContext<ChecklistForm>();
  const kind = useWatch<ChecklistForm, `items.${number}.kind`>({ name: `items.${index}.kind` });
  const note = useWatch<ChecklistForm, `items.${number}.note`>({ name: `items.${index}.note` });
  const [isNoteOpened, setIsNoteOpened] = useState(false);
  const noteId = useId();
  const detailsRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<PendingFocus | null>(null);
  const isNoteOpen = kind === 'item' && (isNoteOpened || note !== '');

  // A control that is pressed and then goes away hands focus to what replaces it.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    detailsRef.current?.querySelector<HTMLElement>(`[data-detail="${target}"]`)?.focus();
  });

  const setKind = (next: 'item' | 'heading') => {
    setValue(`items.${index}.kind`, next, { shouldDirty: true });
    pendingFocus.current = 'kind';
    onChange();
  };
  const removeNote = () => {
    setValue(`items.${index}.note`, '', { shouldDirty: true });
    setIsNoteOpened(false);
    pendingFocus.current = 'add-note';
    onChange();
  };
  const named = (text: string, rest: string) => (
    <>
      {text}
      <span className="sr-only">{rest}</span>
    </>
  );
  const subject = `${name.noun} ${name.number}`;

  return (
    <div ref={detailsRef} className="mt-1 pl-8">
      {isNoteOpen ? (
        <div className="mb-1">
          <label htmlFor={noteId} className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400">
            {sectionMessages.noteLabel}
            <span className="sr-only"> for {subject}</span>
          </label>
          <textarea
            id={noteId}
            rows={2}
            data-detail="note"
            placeholder={sectionMessages.notePlaceholder}
            className={noteClass}
            aria-invalid={isNoteInvalid}
            aria-describedby={isNoteInvalid ? errorId : undefined}
            {...register(`items.${index}.note`, { onChange })}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-1">
        {kind === 'heading' ? (
          <DetailButton detail="kind" disabled={!canTurnIntoItem} onClick={() => setKind('item')} icon={ListChecks}>
            {named(sectionMessages.toItem, ` (${subject})`)}
          </DetailButton>
        ) : isNoteOpen ? (
          <DetailButton detail="remove-note" onClick={removeNote} icon={X}>
            {named(sectionMessages.removeNote, ` from ${subject}`)}
          </DetailButton>
        ) : (
          <>
            <DetailButton
              detail="add-note"
              onClick={() => {
                setIsNoteOpened(true);
                pendingFocus.current = 'note';
              }}
              icon={NotebookPen}
            >
              {named(sectionMessages.addNote, ` to ${subject}`)}
            </DetailButton>
            <DetailButton
              detail="kind"
              disabled={!canTurnIntoHeading}
              onClick={() => setKind('heading')}
              icon={Heading}
            >
              {named(sectionMessages.toHeading, ` (${subject})`)}
            </DetailButton>
          </>
        )}
      </div>
    </div>
  );
}

function DetailButton({
  detail,
  disabled = false,
  onClick,
  icon: Icon,
  children,
}: {
  detail: string;
  disabled?: boolean;
  onClick: () => void;
  icon: typeof Heading;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-detail={detail}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-8 cursor-pointer items-center gap-1.5 rounded-md px-2 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50',
        'dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
      )}
    >
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {children}
    </button>
  );
}
