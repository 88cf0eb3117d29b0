import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, ChevronUp, Plus, Trash2 } from 'lucide-react';
import { Select } from 'radix-ui';
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { checklistFormSchema, type ChecklistForm as ChecklistFormValues } from '@/domain/checklists/checklist-input';
import {
  ESTIMATED_TIMES,
  MAX_ITEM_LENGTH,
  MAX_ITEMS,
  MAX_TAG_LENGTH,
  MAX_TAGS,
} from '@/domain/checklists/checklist-fields';
import { DIFFICULTIES, type Difficulty } from '@/domain/checklists/checklist-view';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { FieldError, Input, Label } from '@/client/components/ui/input';
import { SelectChevron, SelectContent, SelectItem, selectTriggerClass } from '@/client/components/ui/select';
import { ApiError } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';

export const difficultyLabels: Record<Difficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };
// Spec §9: easy green, medium yellow, hard red (the same tokens as the difficulty badge).
export const difficultyDots: Record<Difficulty, string> = { easy: 'bg-easy', medium: 'bg-medium', hard: 'bg-hard' };

const formFields = ['title', 'description', 'items', 'tags', 'estimatedTime', 'difficulty'] as const;
type FormField = (typeof formFields)[number];
type ListField = 'items' | 'tags';

const ids = {
  title: 'checklist-title',
  description: 'checklist-description',
  estimatedTime: 'checklist-estimated-time',
  error: (field: FormField) => `checklist-${field}-error`,
};

export const textareaClass =
  'block min-h-28 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-200 aria-[invalid=true]:border-red-500 sm:text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

export type ChecklistFormProps = {
  initialValues: ChecklistFormValues;
  submitLabel: string;
  submittingLabel: string;
  /** Saves the checklist. An ApiError with fieldErrors it throws is shown under the fields. */
  onSubmit: (values: ChecklistFormValues) => Promise<void>;
  /** The message of a failed save, shown above the buttons. */
  formError: string | null;
  /** Where "Cancel" goes. */
  cancelTo: string;
};

/** Spec §2.8: the layout the create and edit pages share. */
export function ChecklistForm({
  initialValues,
  submitLabel,
  submittingLabel,
  onSubmit,
  formError,
  cancelTo,
}: ChecklistFormProps) {
  const form = useForm<ChecklistFormValues>({
    resolver: zodResolver(checklistFormSchema),
    defaultValues: initialValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const items = useFieldArray({ control: form.control, name: 'items' });
  const tags = useFieldArray({ control: form.control, name: 'tags' });
  const itemValues = useWatch({ control: form.control, name: 'items' });
  const tagValues = useWatch({ control: form.control, name: 'tags' });

  // The list rules sit on the whole list (spec §5), and react-hook-form's own re-check on change
  // only looks at the row that changed; so after the first submit, typing in a row re-checks its list.
  // (Adding, removing and moving rows re-check the list by themselves.)
  const revalidate = (name: ListField) => {
    if (form.formState.isSubmitted) void form.trigger(name);
  };

  const showServerFieldErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || !error.body.fieldErrors) return;
    const shown = new Set<FormField>();
    // The server names fields by their path in the API input ("items.2"); a row's error belongs to its list.
    for (const [path, message] of Object.entries(error.body.fieldErrors)) {
      const field = formFields.find((name) => name === path.split('.')[0]);
      if (!field || shown.has(field)) continue;
      shown.add(field);
      form.setError(field, { type: 'server', message });
    }
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerFieldErrors(error);
    }
  });

  const itemsError = errors.items?.root?.message ?? errors.items?.message;
  const tagsError = errors.tags?.root?.message ?? errors.tags?.message;

  return (
    <Card className="p-4 sm:p-8">
      <form onSubmit={submit} noValidate className="space-y-6" aria-busy={isSubmitting}>
        <div>
          <Label htmlFor={ids.title}>Title</Label>
          <Input
            id={ids.title}
            autoComplete="off"
            placeholder="e.g. Weekend camping trip"
            aria-invalid={Boolean(errors.title)}
            aria-describedby={ids.error('title')}
            {...form.register('title')}
          />
          <FieldError id={ids.error('title')}>{errors.title?.message}</FieldError>
        </div>

        <div>
          <Label htmlFor={ids.description}>Description</Label>
          <textarea
            id={ids.description}
            rows={4}
            placeholder="What is this checklist for?"
            className={textareaClass}
            aria-invalid={Boolean(errors.description)}
            aria-describedby={ids.error('description')}
            {...form.register('description')}
          />
          <FieldError id={ids.error('description')}>{errors.description?.message}</FieldError>
        </div>

        <RowList
          legend="Items"
          noun="item"
          hint="Press Enter in an item to add the next one."
          placeholder="Describe a step"
          numbered
          rows={items.fields}
          max={MAX_ITEMS}
          error={itemsError}
          errorId={ids.error('items')}
          isRowInvalid={(index) => isBlankOrTooLong(itemValues[index]?.content, MAX_ITEM_LENGTH)}
          inputProps={(index) => form.register(`items.${index}.content`)}
          onInsert={(at) => items.insert(at, { content: '' })}
          onRemove={(index) => items.remove(index)}
          onMove={(from, to) => items.move(from, to)}
          onRowChange={() => revalidate('items')}
        />

        <RowList
          legend="Tags"
          noun="tag"
          hint="Optional. Leave the only tag empty for none."
          placeholder="e.g. travel"
          rows={tags.fields}
          max={MAX_TAGS}
          error={tagsError}
          errorId={ids.error('tags')}
          // A single empty tag row means "no tags" (spec §2.8), so it is never the faulty one.
          isRowInvalid={(index) =>
            !(tagValues.length === 1 && !tagValues[0]?.value.trim()) &&
            isBlankOrTooLong(tagValues[index]?.value, MAX_TAG_LENGTH)
          }
          inputProps={(index) => form.register(`tags.${index}.value`)}
          onInsert={(at) => tags.insert(at, { value: '' })}
          onRemove={(index) => tags.remove(index)}
          onMove={(from, to) => tags.move(from, to)}
          onRowChange={() => revalidate('tags')}
        />

        <div className="grid gap-6 sm:grid-cols-2">
          <div>
            <Label htmlFor={ids.estimatedTime}>Estimated time</Label>
            <Controller
              control={form.control}
              name="estimatedTime"
              render={({ field, fieldState }) => (
                <EstimatedTimeSelect
                  id={ids.estimatedTime}
                  value={field.value}
                  onChange={field.onChange}
                  onClose={field.onBlur}
                  triggerRef={field.ref}
                  isInvalid={Boolean(fieldState.error)}
                  describedBy={ids.error('estimatedTime')}
                />
              )}
            />
            <FieldError id={ids.error('estimatedTime')}>{errors.estimatedTime?.message}</FieldError>
          </div>

          <fieldset aria-describedby={ids.error('difficulty')}>
            <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">Difficulty</legend>
            <div className="grid h-11 grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 ring-1 ring-slate-200 ring-inset dark:bg-slate-800/60 dark:ring-slate-700">
              {DIFFICULTIES.map((difficulty) => (
                <label
                  key={difficulty}
                  className="flex cursor-pointer items-center justify-center gap-1.5 rounded-md text-sm font-medium text-slate-600 transition-colors select-none hover:text-slate-900 has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500 dark:text-slate-400 dark:hover:text-white dark:has-checked:bg-slate-950 dark:has-checked:text-white"
                >
                  <input
                    type="radio"
                    value={difficulty}
                    className="sr-only"
                    aria-invalid={Boolean(errors.difficulty)}
                    {...form.register('difficulty')}
                  />
                  <span aria-hidden className={cn('h-2 w-2 shrink-0 rounded-full', difficultyDots[difficulty])} />
                  {difficultyLabels[difficulty]}
                </label>
              ))}
            </div>
            <FieldError id={ids.error('difficulty')}>{errors.difficulty?.message}</FieldError>
          </fieldset>
        </div>

        {formError ? <Alert tone="error">{formError}</Alert> : null}

        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end dark:border-slate-800">
          <Button asChild variant="secondary" size="lg">
            <Link to={cancelTo}>Cancel</Link>
          </Button>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? submittingLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Whether a row breaks a list rule: empty, or over the length limit. */
function isBlankOrTooLong(value: string | undefined, maxLength: number): boolean {
  const trimmed = (value ?? '').trim();
  return trimmed === '' || trimmed.length > maxLength;
}

type FocusTarget = { index: number; control: 'input' | 'up' | 'down' };

function RowList({
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
  onRowChange,
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
  onRowChange: () => void;
}) {
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const hintId = `${errorId}-hint`;
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const canAdd = rows.length < max;
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

  return (
    <fieldset ref={fieldsetRef} aria-describedby={`${hintId} ${errorId}`}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">{legend}</legend>
      <List className="space-y-2">
        {rows.map((row, index) => {
          const number = index + 1;
          const field = inputProps(index);
          const isInvalid = Boolean(error) && isRowInvalid(index);
          return (
            <li key={row.id} data-row={index} className="flex items-center gap-2">
              <span
                aria-hidden
                className="w-6 shrink-0 text-right text-sm font-medium text-slate-400 tabular-nums dark:text-slate-500"
              >
                {numbered ? `${number}.` : '#'}
              </span>
              <Input
                {...field}
                onChange={(event) => {
                  void field.onChange(event);
                  onRowChange();
                }}
                onKeyDown={(event) => insertAfter(event, index)}
                data-control="input"
                aria-label={`${Noun} ${number}`}
                aria-invalid={isInvalid}
                aria-describedby={error ? errorId : undefined}
                placeholder={placeholder}
                autoComplete="off"
                enterKeyHint="next"
                className="min-w-0 flex-1"
              />
              <div className="flex shrink-0 items-center">
                <RowButton
                  control="up"
                  label={`Move ${noun} ${number} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1, 'up')}
                >
                  <ChevronUp className="h-4 w-4" aria-hidden />
                </RowButton>
                <RowButton
                  control="down"
                  label={`Move ${noun} ${number} down`}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  <ChevronDown className="h-4 w-4" aria-hidden />
                </RowButton>
                <RowButton
                  control="remove"
                  label={`Remove ${noun} ${number}`}
                  // Spec §5: a row can be removed only while more than one remains.
                  disabled={rows.length <= 1}
                  onClick={() => remove(index)}
                  className="hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950/40 dark:hover:text-red-400"
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </RowButton>
              </div>
            </li>
          );
        })}
      </List>
      <FieldError id={errorId}>{error}</FieldError>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <Button type="button" variant="secondary" size="sm" disabled={!canAdd} onClick={() => onInsert(rows.length)}>
          <Plus className="h-4 w-4" aria-hidden />
          Add {noun}
        </Button>
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      </div>
    </fieldset>
  );
}

function RowButton({
  control,
  label,
  disabled,
  onClick,
  className,
  children,
}: {
  control: 'up' | 'down' | 'remove';
  label: string;
  disabled: boolean;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      data-control={control}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={cn('h-10 w-10 text-slate-500 dark:text-slate-400', className)}
    >
      {children}
    </Button>
  );
}

export function EstimatedTimeSelect({
  id,
  value,
  onChange,
  onClose,
  triggerRef,
  isInvalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onClose: () => void;
  triggerRef: Ref<HTMLButtonElement>;
  isInvalid: boolean;
  describedBy: string;
}) {
  return (
    <Select.Root
      value={value}
      onValueChange={onChange}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <Select.Trigger
        ref={triggerRef}
        id={id}
        aria-invalid={isInvalid}
        aria-describedby={describedBy}
        className={cn(
          'flex h-11 w-full text-left text-base aria-[invalid=true]:border-red-500 data-[placeholder]:text-slate-400 sm:text-sm',
          selectTriggerClass,
        )}
      >
        <Select.Value placeholder="Select estimated time">{value}</Select.Value>
        <SelectChevron />
      </Select.Trigger>
      <SelectContent>
        {ESTIMATED_TIMES.map((time) => (
          <SelectItem key={time} value={time}>
            {time}
          </SelectItem>
        ))}
      </SelectContent>
    </Select.Root>
  );
}
