import { ChevronDown, ChevronUp, Plus, Trash2, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { canRemoveRow } from '@/domain/checklists/wizard';
import { Button } from '@/client/components/ui/button';
import { IconButton } from '@/client/components/ui/icon-button';
import { FieldError, Input } from '@/client/components/ui/input';
import { cn } from '@/client/lib/cn';

type FocusTarget = { index: number; control: 'input' | 'up' | 'down' };
/** What a row is called in its controls' names ("Move item 2 up"): its noun and its number. */
export type RowName = { noun: string; number: number };

/**
 * Rows of text (a checklist's items or tags): Enter in a row adds the next one, and each row can be
 * moved up or down and removed while more than one remains. Focus stays on the row.
 */
export function RowList({
  legend,
  noun,
  hint,
  placeholder,
  numbered = false,
  rows,
  max,
  error,
  errorId,
  isRowInvalid,
  inputProps,
  onInsert,
  onRemove,
  onMove,
  canAdd = rows.length < max,
  rowName = (index) => ({ noun, number: index + 1 }),
  rowMarker,
  rowInputClassName,
  rowPlaceholder,
  rowDetails,
  addControls,
}: {
  legend: string;
  /** Lower-case singular, as in "Add item" and "Remove item 1". */
  noun: string;
  hint: string;
  placeholder: string;
  numbered?: boolean;
  rows: { id: string }[];
  max: number;
  error: string | undefined;
  errorId: string;
  isRowInvalid: (index: number) => boolean;
  inputProps: (index: number) => UseFormRegisterReturn;
  onInsert: (at: number) => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  /** Whether Enter and "Add {noun}" add a row (by default: fewer rows than `max`). */
  canAdd?: boolean;
  /** A row's noun and number, when rows are of several kinds (items and headings). */
  rowName?: (index: number) => RowName;
  /** What stands before a row instead of its number or "#". */
  rowMarker?: (index: number) => ReactNode;
  rowInputClassName?: (index: number) => string | undefined;
  /** A row's own placeholder, where rows differ (by default `placeholder`). */
  rowPlaceholder?: (index: number) => string;
  /** What a row shows under its text (an item's note and the controls that change its kind). */
  rowDetails?: (index: number) => ReactNode;
  /** More add buttons, beside "Add {noun}". */
  addControls?: ReactNode;
}) {
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const hintId = `${errorId}-hint`;
  const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const List = numbered ? 'ol' : 'ul';

  // Moving or removing a row re-renders the list, and the button that was pressed may have moved,
  // become disabled or gone; focus is put back on the same row so the keyboard user keeps their place.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const row = fieldsetRef.current?.querySelector(`[data-row="${target.index}"]`);
    if (!row) return;
    const order =
      target.control === 'up'
        ? ['up', 'down', 'input']
        : target.control === 'down'
          ? ['down', 'up', 'input']
          : ['input'];
    for (const control of order) {
      const element = row.querySelector<HTMLInputElement | HTMLButtonElement>(`[data-control="${control}"]`);
      if (element && !element.disabled) {
        element.focus();
        return;
      }
    }
  });

  const move = (from: number, to: number, control: 'up' | 'down') => {
    pendingFocus.current = { index: to, control };
    onMove(from, to);
  };

  const remove = (index: number) => {
    pendingFocus.current = { index: Math.min(index, rows.length - 2), control: 'input' };
    onRemove(index);
  };

  const insertAfter = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    // Enter adds the next row instead of submitting; while an IME is composing, Enter belongs to it.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canAdd) onInsert(index + 1);
  };

  // A fieldset is at least as wide as its widest content; min-w-0 keeps it to the form's width, so a
  // note's text box, which grows with its text, wraps its lines instead of widening the page.
  return (
    <fieldset ref={fieldsetRef} aria-describedby={`${hintId} ${errorId}`} className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">{legend}</legend>
      <List className="space-y-2">
        {rows.map((row, index) => {
          const { noun: rowNoun, number } = rowName(index);
          const field = inputProps(index);
          const isInvalid = Boolean(error) && isRowInvalid(index);
          return (
            <li key={row.id} data-row={index}>
              <div className="flex items-center gap-2">
                <span
                  aria-hidden
                  className="flex w-6 shrink-0 justify-end text-sm font-medium text-slate-600 tabular-nums dark:text-slate-400"
                >
                  {rowMarker ? rowMarker(index) : numbered ? `${number}.` : '#'}
                </span>
                <Input
                  {...field}
                  onKeyDown={(event) => insertAfter(event, index)}
                  data-control="input"
                  aria-label={`${capitalized(rowNoun)} ${number}`}
                  aria-invalid={isInvalid}
                  aria-describedby={error ? errorId : undefined}
                  placeholder={rowPlaceholder?.(index) ?? placeholder}
                  autoComplete="off"
                  enterKeyHint="next"
                  className={cn('min-w-0 flex-1', rowInputClassName?.(index))}
                />
                <div className="flex shrink-0 items-center">
                  <RowButton
                    control="up"
                    icon={ChevronUp}
                    label={`Move ${rowNoun} ${number} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1, 'up')}
                  />
                  <RowButton
                    control="down"
                    icon={ChevronDown}
                    label={`Move ${rowNoun} ${number} down`}
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, index + 1, 'down')}
                  />
                  <RowButton
                    control="remove"
                    icon={Trash2}
                    label={`Remove ${rowNoun} ${number}`}
                    disabled={!canRemoveRow(rows)}
                    onClick={() => remove(index)}
                    className="hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950/40 dark:hover:text-red-400"
                  />
                </div>
              </div>
              {rowDetails?.(index)}
            </li>
          );
        })}
      </List>
      <FieldError id={errorId}>{error}</FieldError>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="secondary" size="sm" disabled={!canAdd} onClick={() => onInsert(rows.length)}>
            <Plus className="h-4 w-4" aria-hidden />
            Add {noun}
          </Button>
          {addControls}
        </div>
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      </div>
    </fieldset>
  );
}

/** A row's move or remove control: the kit's icon button at 40 px, its name also shown on hover. */
function RowButton({
  control,
  icon,
  label,
  disabled,
  onClick,
  className,
}: {
  control: 'up' | 'down' | 'remove';
  icon: LucideIcon;
  label: string;
  disabled: boolean;
  onClick: () => void;
  className?: string;
}) {
  return (
    <IconButton
      type="button"
      icon={icon}
      label={label}
      title={label}
      data-control={control}
      disabled={disabled}
      onClick={onClick}
      className={cn('h-10 w-10 text-slate-500 dark:text-slate-400', className)}
    />
  );
}
