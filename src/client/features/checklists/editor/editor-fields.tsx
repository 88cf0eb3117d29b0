import { Globe, Heading, Link2, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useFieldArray, useFormContext, useFormState, useWatch, type FieldArray } from 'react-hook-form';
import {
  emptyItemRow,
  isNoTagRows,
  type ChecklistForm,
  type ChecklistFormField,
} from '@/domain/checklists/checklist-input';
import {
  countItems,
  ESTIMATED_TIMES,
  MAX_HEADINGS,
  MAX_ITEM_LENGTH,
  MAX_ITEMS,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  noteField,
} from '@/domain/checklists/checklist-fields';
import { numberEntries, sectionMessages } from '@/domain/checklists/sections';
import { DIFFICULTIES, type Difficulty } from '@/domain/checklists/checklist-view';
import {
  CHECKLIST_VISIBILITIES,
  visibilityHints,
  visibilityLabels,
  type ChecklistVisibility,
} from '@/domain/checklists/visibility';
import { Button } from '@/client/components/ui/button';
import { FieldError, Input, Label } from '@/client/components/ui/input';
import { RadioGroupItem } from '@/client/components/ui/radio-group';
import { SelectContent, SelectItem, SelectRoot, SelectTrigger, SelectValue } from '@/client/components/ui/select';
import { cn } from '@/client/lib/cn';
import { ChoiceField } from './choice-field';
import { EntryRowDetails } from './entry-row-details';
import { ItemSuggestions } from './item-suggestions';
import { RowList } from './row-list';
import { usePasteRows } from './use-paste-rows';

// The checklist editor's fields. Each reads the form from context (ChecklistEditorForm),
// so the create/edit page and the wizard's steps place the same fields where they need them.

const ids = {
  title: 'checklist-title',
  titleLength: 'checklist-title-length',
  description: 'checklist-description',
  estimatedTime: 'checklist-estimated-time',
  visibilityHint: 'checklist-visibility-hint',
  error: (field: ChecklistFormField) => `checklist-${field}-error`,
};

const difficultyLabels: Record<Difficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };
// Easy green, medium yellow, hard red (the same tokens as the difficulty badge).
const difficultyDots: Record<Difficulty, string> = { easy: 'bg-easy', medium: 'bg-medium', hard: 'bg-hard' };

const textareaClass =
  'block min-h-28 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-200 aria-[invalid=true]:border-red-500 sm:text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/**
 * react-hook-form checks a field again as it changes only after the first submit, and then only the
 * input that changed, while the list rules sit on the whole list. So a field that shows an
 * error (the wizard's steps show them before any submit), or any list after a submit, is re-checked.
 */
function useRecheck() {
  const { trigger, getFieldState, formState } = useFormContext<ChecklistForm>();
  return (field: ChecklistFormField) => {
    if (formState.isSubmitted || getFieldState(field).error) void trigger(field);
  };
}

/** The error a field shows: a list's own message sits on its root once react-hook-form has rows. */
function useFieldError(field: ChecklistFormField): string | undefined {
  const { errors } = useFormState<ChecklistForm>({ name: field });
  const error = errors[field];
  return (error && 'root' in error ? error.root?.message : undefined) ?? error?.message;
}

/** A field's control (`id`) under its label, and the field's error under it. */
function LabelledField({
  id,
  label,
  field,
  error,
  children,
}: {
  id: string;
  label: string;
  field: ChecklistFormField;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={ids.error(field)}>{error}</FieldError>
    </div>
  );
}

/**
 * A one-line or free-text field of the form: its registration (re-checked as it changes), marked
 * invalid while it has an error, and the error with the id that describes the field.
 */
function useTextField(field: 'title' | 'description') {
  const { register } = useFormContext<ChecklistForm>();
  const recheck = useRecheck();
  const error = useFieldError(field);
  const errorId = ids.error(field);
  return {
    error,
    errorId,
    inputProps: {
      'aria-invalid': Boolean(error),
      ...register(field, { onChange: () => recheck(field) }),
    },
  };
}

/** `suggestedLength`: shows the count against the wizard's title tip (advice, not enforced). */
export function TitleField({ suggestedLength }: { suggestedLength?: number }) {
  const title = useTextField('title');
  return (
    <LabelledField id={ids.title} label="Title" field="title" error={title.error}>
      <Input
        id={ids.title}
        autoComplete="off"
        placeholder="e.g. Weekend camping trip"
        aria-describedby={cn(suggestedLength !== undefined && ids.titleLength, title.errorId)}
        {...title.inputProps}
      />
      {suggestedLength !== undefined ? <TitleLength suggestedLength={suggestedLength} /> : null}
    </LabelledField>
  );
}

function TitleLength({ suggestedLength }: { suggestedLength: number }) {
  const length = useWatch<ChecklistForm, 'title'>({ name: 'title' }).trim().length;
  return (
    <p
      id={ids.titleLength}
      className={cn(
        'mt-1.5 text-xs',
        length > suggestedLength ? 'text-amber-700 dark:text-amber-400' : 'text-slate-500 dark:text-slate-400',
      )}
    >
      {length}/{suggestedLength} characters suggested
    </p>
  );
}

export function DescriptionField() {
  const description = useTextField('description');
  return (
    <LabelledField id={ids.description} label="Description" field="description" error={description.error}>
      <textarea
        id={ids.description}
        rows={4}
        placeholder="What is this checklist for?"
        className={textareaClass}
        aria-describedby={description.errorId}
        {...description.inputProps}
      />
    </LabelledField>
  );
}

/**
 * Which rows to mark when the list shows an error: one over the length limit, and a blank one
 * unless the editor leaves blank rows out (the wizard does).
 */
function isRowAtFault(value: string | undefined, maxLength: number, isBlankAllowed: boolean): boolean {
  const trimmed = (value ?? '').trim();
  return trimmed.length > maxLength || (!isBlankAllowed && trimmed === '');
}

type ListFieldProps = { dropsBlankRows?: boolean };

/**
 * A list field of the form (its items, its tags): its rows and their values as they change, its
 * error, and what RowList needs to show the rows and add (`emptyRow`), remove and move them.
 */
function useListField<Name extends 'items' | 'tags'>(name: Name, emptyRow: () => FieldArray<ChecklistForm, Name>) {
  const { control, register } = useFormContext<ChecklistForm>();
  const recheck = useRecheck();
  const rows = useFieldArray({ control, name });
  const values = useWatch({ control, name });
  const error = useFieldError(name);
  return {
    register,
    recheck,
    rows,
    values,
    error,
    rowListProps: {
      rows: rows.fields,
      error,
      errorId: ids.error(name),
      onInsert: (at: number) => rows.insert(at, emptyRow()),
      onRemove: (index: number) => rows.remove(index),
      onMove: (from: number, to: number) => rows.move(from, to),
    },
  };
}

/**
 * The list's entries: items, and headings that open a section of the items under them. A row turns
 * from one into the other, an item can hold a note, and both move with their row.
 */
export function ItemsField({ dropsBlankRows = false }: ListFieldProps) {
  const { register, recheck, rows: items, values, error, rowListProps } = useListField('items', () => emptyItemRow());
  const numbers = numberEntries(values);
  const rowName = (index: number) => ({ noun: values[index]?.kind ?? 'item', number: numbers[index] ?? index + 1 });
  const itemCount = countItems(values);
  const canAddItem = itemCount < MAX_ITEMS;
  const canAddHeading = values.length - itemCount < MAX_HEADINGS;
  const isHeading = (index: number) => values[index]?.kind === 'heading';
  const pasteRows = usePasteRows(items);
  return (
    // A paste of several lines into a row becomes rows (use-paste-rows.ts).
    <div onPaste={pasteRows}>
      <RowList
        legend="Items"
        noun="item"
        hint="Press Enter in an item to add the next one."
        placeholder="Describe a step"
        numbered
        {...rowListProps}
        max={MAX_ITEMS + MAX_HEADINGS}
        canAdd={canAddItem}
        rowName={rowName}
        rowMarker={(index) =>
          isHeading(index) ? (
            <Heading className="h-4 w-4 text-brand-600 dark:text-brand-200" />
          ) : (
            `${rowName(index).number}.`
          )
        }
        rowInputClassName={(index) => (isHeading(index) ? 'font-semibold' : undefined)}
        rowPlaceholder={(index) => (isHeading(index) ? sectionMessages.headingPlaceholder : 'Describe a step')}
        rowDetails={(index) => (
          <EntryRowDetails
            index={index}
            name={rowName(index)}
            canTurnIntoHeading={canAddHeading && itemCount > 1}
            canTurnIntoItem={canAddItem}
            isNoteInvalid={Boolean(error) && !noteField.safeParse(values[index]?.note ?? '').success}
            errorId={error ? ids.error('items') : undefined}
            onChange={() => recheck('items')}
          />
        )}
        addControls={
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={!canAddHeading}
            onClick={() => items.append(emptyItemRow('heading'))}
          >
            <Heading className="h-4 w-4" aria-hidden />
            {sectionMessages.addHeading}
          </Button>
        }
        isRowInvalid={(index) => isRowAtFault(values[index]?.content, MAX_ITEM_LENGTH, dropsBlankRows)}
        inputProps={(index) => register(`items.${index}.content`, { onChange: () => recheck('items') })}
      />
      <ItemSuggestions
        items={values}
        onAppend={(row) => items.append(row)}
        onFill={(at, row) => items.update(at, row)}
      />
    </div>
  );
}

export function TagsField({ dropsBlankRows = false }: ListFieldProps) {
  const { register, recheck, values, rowListProps } = useListField('tags', () => ({ value: '' }));
  // The rows that mean "no tags" are never the faulty one.
  const isNoTags = isNoTagRows(values);
  return (
    <RowList
      legend="Tags"
      noun="tag"
      hint="Optional. Leave the only tag empty for none."
      placeholder="e.g. travel"
      {...rowListProps}
      max={MAX_TAGS}
      isRowInvalid={(index) => !isNoTags && isRowAtFault(values[index]?.value, MAX_TAG_LENGTH, dropsBlankRows)}
      inputProps={(index) => register(`tags.${index}.value`, { onChange: () => recheck('tags') })}
    />
  );
}

/** Estimated time and difficulty, side by side from the small breakpoint up. */
export function TimeAndDifficultyFields() {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <EstimatedTimeField />
      <DifficultyField />
    </div>
  );
}

function EstimatedTimeField() {
  const { control } = useFormContext<ChecklistForm>();
  const error = useFieldError('estimatedTime');
  return (
    <LabelledField id={ids.estimatedTime} label="Estimated time" field="estimatedTime" error={error}>
      <Controller
        control={control}
        name="estimatedTime"
        render={({ field }) => (
          <SelectRoot
            value={field.value}
            onValueChange={field.onChange}
            onOpenChange={(isOpen) => {
              if (!isOpen) field.onBlur();
            }}
          >
            <SelectTrigger
              ref={field.ref}
              id={ids.estimatedTime}
              aria-invalid={Boolean(error)}
              aria-describedby={ids.error('estimatedTime')}
              className="h-11 w-full text-left text-base aria-[invalid=true]:border-red-500 sm:text-sm"
            >
              <SelectValue placeholder="Select estimated time">{field.value}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              {ESTIMATED_TIMES.map((time) => (
                <SelectItem key={time} value={time}>
                  {time}
                </SelectItem>
              ))}
            </SelectContent>
          </SelectRoot>
        )}
      />
    </LabelledField>
  );
}

function DifficultyField() {
  const error = useFieldError('difficulty');
  return (
    <ChoiceField
      name="difficulty"
      legend="Difficulty"
      describedBy={ids.error('difficulty')}
      isInvalid={Boolean(error)}
      below={<FieldError id={ids.error('difficulty')}>{error}</FieldError>}
    >
      {DIFFICULTIES.map((difficulty) => (
        <RadioGroupItem key={difficulty} value={difficulty}>
          <span aria-hidden className={cn('h-2 w-2 shrink-0 rounded-full', difficultyDots[difficulty])} />
          {difficultyLabels[difficulty]}
        </RadioGroupItem>
      ))}
    </ChoiceField>
  );
}

const visibilityIcons: Record<ChecklistVisibility, typeof Globe> = { public: Globe, unlisted: Link2, private: Lock };

/** Who may find and open the list (decision 024): public, anyone with the link, or private. */
export function VisibilityField() {
  const chosen = useWatch<ChecklistForm, 'visibility'>({ name: 'visibility' });
  return (
    <ChoiceField
      name="visibility"
      legend="Visibility"
      describedBy={ids.visibilityHint}
      variant="tiles"
      className="gap-2 sm:grid-cols-3"
      below={
        <p id={ids.visibilityHint} className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          {visibilityHints[chosen]}
        </p>
      }
    >
      {CHECKLIST_VISIBILITIES.map((visibility) => {
        const Icon = visibilityIcons[visibility];
        return (
          <RadioGroupItem
            key={visibility}
            value={visibility}
            variant="tiles"
            className="flex items-center gap-2 px-3 py-2.5 text-left text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            <Icon className="h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
            {visibilityLabels[visibility]}
          </RadioGroupItem>
        );
      })}
    </ChoiceField>
  );
}
