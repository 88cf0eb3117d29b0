import { Check, Lightbulb, Plus, Trash2 } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { emptyChecklistForm, type ChecklistForm } from '@/domain/checklists/checklist-input';
import { MAX_ITEMS, MAX_TAGS } from '@/domain/checklists/checklist-fields';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import { DIFFICULTIES } from '@/domain/checklists/checklist-view';
import {
  canJumpTo,
  canRemoveRow,
  filledRows,
  nextStep,
  previousStep,
  TITLE_TIP_LENGTH,
  validateWizardStep,
  WIZARD_STEPS,
  wizardTips,
  type WizardErrors,
  type WizardStep,
} from '@/domain/checklists/wizard';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { FieldError, Input, Label } from '@/client/components/ui/input';
import { DifficultyBadge } from '@/client/features/checklists/difficulty-badge';
import {
  difficultyDots,
  difficultyLabels,
  EstimatedTimeSelect,
  textareaClass,
} from '@/client/features/checklists/checklist-form';
import { saveErrorMessage, useCreateChecklist } from '@/client/features/checklists/checklist-form-queries';
import { cn } from '@/client/lib/cn';
import { DashboardPage } from './dashboard-page';

/** Spec §2.8 "Dashboard create wizard": Basic Info → Add Items → Review & Create (with tags). */
export function CreateWizardPage() {
  const navigate = useNavigate();
  const create = useCreateChecklist();
  const [form, setForm] = useState<ChecklistForm>(emptyChecklistForm);
  const [step, setStep] = useState<WizardStep>(1);
  const [furthest, setFurthest] = useState<WizardStep>(1);
  const [errors, setErrors] = useState<WizardErrors>({});
  const headingRef = useRef<HTMLHeadingElement>(null);

  const update = (change: Partial<ChecklistForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setErrors({});
  };
  const goTo = (target: WizardStep) => {
    setStep(target);
    setFurthest((current) => (target > current ? target : current));
    setErrors({});
    // The new step's heading takes focus, so keyboard and screen-reader users land on it.
    window.setTimeout(() => headingRef.current?.focus(), 0);
  };
  const next = () => {
    const found = validateWizardStep(step, form);
    setErrors(found);
    const target = nextStep(step, form);
    if (target !== step) goTo(target);
  };
  /** The header: back at once; forward only through steps that still validate. */
  const jump = (target: WizardStep) => {
    let at = step;
    while (at < target) {
      const found = validateWizardStep(at, form);
      if (Object.keys(found).length) {
        if (at !== step) goTo(at);
        setErrors(found);
        return;
      }
      at = (at + 1) as WizardStep;
    }
    goTo(target);
  };
  const submit = async () => {
    const found = validateWizardStep(3, form);
    setErrors(found);
    if (Object.keys(found).length) return;
    const { id } = await create.mutateAsync(filledRows(form)).catch(() => ({ id: null }));
    if (id) await navigate(`/dashboard/lists/${encodeURIComponent(id)}`);
  };

  return (
    <DashboardPage title="Create a New Checklist" className="max-w-4xl">
      <StepHeader step={step} furthest={furthest} onJump={jump} />
      <div className="grid gap-6 lg:grid-cols-[1fr_16rem]">
        <Card className="p-5 sm:p-7">
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="mb-5 text-lg font-semibold text-slate-900 outline-none dark:text-white"
          >
            Step {step}: {WIZARD_STEPS[step - 1]}
          </h2>
          {step === 1 ? <BasicInfoStep form={form} errors={errors} onChange={update} /> : null}
          {step === 2 ? <ItemsStep form={form} errors={errors} onChange={update} /> : null}
          {step === 3 ? <ReviewStep form={form} errors={errors} onChange={update} /> : null}

          {create.isError ? (
            <Alert tone="error" className="mt-5">
              {saveErrorMessage(create.error, checklistActionMessages.createFailed)}
            </Alert>
          ) : null}
          <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-100 pt-5 dark:border-slate-800">
            <Button
              variant="secondary"
              disabled={step === 1 || create.isPending}
              onClick={() => goTo(previousStep(step))}
            >
              Back
            </Button>
            {step < 3 ? (
              <Button onClick={next}>Next</Button>
            ) : (
              <Button onClick={() => void submit()} disabled={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create Checklist'}
              </Button>
            )}
          </div>
        </Card>
        <aside
          aria-label="Tips"
          className="rounded-2xl bg-brand-50 p-5 text-sm text-brand-900 dark:bg-slate-900 dark:text-slate-300"
        >
          <p className="mb-3 flex items-center gap-2 font-semibold">
            <Lightbulb className="h-4 w-4" aria-hidden />
            Tips
          </p>
          <ul className="list-disc space-y-2 pl-5">
            {wizardTips[step].map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </aside>
      </div>
    </DashboardPage>
  );
}

/** The steps, numbered; completed ones are buttons that return to them. */
function StepHeader({
  step,
  furthest,
  onJump,
}: {
  step: WizardStep;
  furthest: WizardStep;
  onJump: (step: WizardStep) => void;
}) {
  return (
    <ol aria-label="Steps" className="grid grid-cols-3 gap-2">
      {WIZARD_STEPS.map((label, index) => {
        const target = (index + 1) as WizardStep;
        const isDone = canJumpTo(target, step, furthest);
        const isCurrent = target === step;
        const content = (
          <>
            <span
              className={cn(
                'flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                isDone && 'bg-brand-600 text-white',
                isCurrent && 'bg-brand-100 text-brand-700 ring-2 ring-brand-600 dark:bg-slate-800 dark:text-white',
                !isDone && !isCurrent && 'bg-slate-100 text-slate-500 dark:bg-slate-800',
              )}
            >
              {isDone ? <Check className="h-4 w-4" aria-hidden /> : target}
            </span>
            <span className="truncate">{label}</span>
          </>
        );
        const className =
          'flex w-full min-w-0 items-center gap-2 rounded-xl px-2 py-2 text-left text-xs font-medium sm:text-sm';
        return (
          <li key={label} aria-current={isCurrent ? 'step' : undefined}>
            {isDone ? (
              <button
                type="button"
                onClick={() => onJump(target)}
                className={cn(
                  className,
                  'cursor-pointer text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
                )}
              >
                {content}
              </button>
            ) : (
              <span className={cn(className, isCurrent ? 'text-slate-900 dark:text-white' : 'text-slate-500')}>
                {content}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

type StepProps = { form: ChecklistForm; errors: WizardErrors; onChange: (change: Partial<ChecklistForm>) => void };

function BasicInfoStep({ form, errors, onChange }: StepProps) {
  const titleLength = form.title.trim().length;
  return (
    <div className="space-y-5">
      <div>
        <Label htmlFor="wizard-title">Title</Label>
        <Input
          id="wizard-title"
          value={form.title}
          autoComplete="off"
          placeholder="e.g. Weekend camping trip"
          aria-invalid={Boolean(errors.title)}
          aria-describedby="wizard-title-count wizard-title-error"
          onChange={(event) => onChange({ title: event.target.value })}
        />
        <p
          id="wizard-title-count"
          className={cn(
            'mt-1.5 text-xs',
            titleLength > TITLE_TIP_LENGTH ? 'text-amber-700 dark:text-amber-400' : 'text-slate-500',
          )}
        >
          {titleLength}/{TITLE_TIP_LENGTH} characters suggested
        </p>
        <FieldError id="wizard-title-error">{errors.title}</FieldError>
      </div>
      <div>
        <Label htmlFor="wizard-description">Description</Label>
        <textarea
          id="wizard-description"
          rows={4}
          value={form.description}
          placeholder="What is this checklist for?"
          className={textareaClass}
          aria-invalid={Boolean(errors.description)}
          aria-describedby="wizard-description-error"
          onChange={(event) => onChange({ description: event.target.value })}
        />
        <FieldError id="wizard-description-error">{errors.description}</FieldError>
      </div>
    </div>
  );
}

function ItemsStep({ form, errors, onChange }: StepProps) {
  return (
    <RowsEditor
      legend="Items"
      noun="item"
      placeholder="Describe a step"
      rows={form.items.map((row) => row.content)}
      max={MAX_ITEMS}
      numbered
      error={errors.items}
      onChange={(rows) => onChange({ items: rows.map((content) => ({ content })) })}
    />
  );
}

function ReviewStep({ form, errors, onChange }: StepProps) {
  const items = filledRows(form).items;
  return (
    <div className="space-y-6">
      <section aria-label="Review" className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/50">
        <p className="text-lg font-semibold text-slate-900 dark:text-white">{form.title.trim()}</p>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-600 dark:text-slate-400">{form.description.trim()}</p>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-800 dark:text-slate-200">
          {items.map((row, index) => (
            <li key={index}>{row.content.trim()}</li>
          ))}
        </ol>
        {(DIFFICULTIES as readonly string[]).includes(form.difficulty) ? (
          <DifficultyBadge difficulty={form.difficulty as (typeof DIFFICULTIES)[number]} className="mt-3" />
        ) : null}
      </section>

      <RowsEditor
        legend="Tags"
        noun="tag"
        hint="Optional. Leave the only tag empty for none."
        placeholder="e.g. travel"
        rows={form.tags.map((row) => row.value)}
        max={MAX_TAGS}
        error={errors.tags}
        onChange={(rows) => onChange({ tags: rows.map((value) => ({ value })) })}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor="wizard-time">Estimated time</Label>
          <EstimatedTimeSelect
            id="wizard-time"
            value={form.estimatedTime}
            onChange={(estimatedTime) => onChange({ estimatedTime })}
            onClose={() => undefined}
            triggerRef={null}
            isInvalid={Boolean(errors.estimatedTime)}
            describedBy="wizard-time-error"
          />
          <FieldError id="wizard-time-error">{errors.estimatedTime}</FieldError>
        </div>
        <div>
          <p id="wizard-difficulty" className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
            Difficulty
          </p>
          <RadioGroup.Root
            aria-labelledby="wizard-difficulty"
            aria-describedby="wizard-difficulty-error"
            value={form.difficulty}
            onValueChange={(difficulty) => onChange({ difficulty })}
            className="grid h-11 grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 ring-1 ring-slate-200 ring-inset dark:bg-slate-800/60 dark:ring-slate-700"
          >
            {DIFFICULTIES.map((difficulty) => (
              <RadioGroup.Item
                key={difficulty}
                value={difficulty}
                className="flex cursor-pointer items-center justify-center gap-1.5 rounded-md text-sm font-medium text-slate-600 data-[state=checked]:bg-white data-[state=checked]:text-slate-900 data-[state=checked]:shadow-sm dark:text-slate-400 dark:data-[state=checked]:bg-slate-950 dark:data-[state=checked]:text-white"
              >
                <span aria-hidden className={cn('h-2 w-2 rounded-full', difficultyDots[difficulty])} />
                {difficultyLabels[difficulty]}
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
          <FieldError id="wizard-difficulty-error">{errors.difficulty}</FieldError>
        </div>
      </div>
    </div>
  );
}

/** Rows of text: Enter adds the next row; a row can be removed while more than one remains. */
function RowsEditor({
  legend,
  noun,
  hint,
  placeholder,
  rows,
  max,
  numbered = false,
  error,
  onChange,
}: {
  legend: string;
  noun: string;
  hint?: string;
  placeholder: string;
  rows: string[];
  max: number;
  numbered?: boolean;
  error?: string | undefined;
  onChange: (rows: string[]) => void;
}) {
  const baseId = useId();
  const focusRow = (index: number) =>
    window.setTimeout(() => document.getElementById(`${baseId}-${index}`)?.focus(), 0);
  const insertAfter = (index: number) => {
    if (rows.length >= max) return;
    onChange([...rows.slice(0, index + 1), '', ...rows.slice(index + 1)]);
    focusRow(index + 1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    insertAfter(index);
  };
  return (
    <fieldset aria-describedby={`${baseId}-error`}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">{legend}</legend>
      {hint ? <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
      <ul className="space-y-2">
        {rows.map((value, index) => (
          <li key={index} className="flex items-center gap-2">
            {numbered ? (
              <span className="w-6 shrink-0 text-right text-sm text-slate-500 tabular-nums">{index + 1}.</span>
            ) : null}
            <Input
              id={`${baseId}-${index}`}
              value={value}
              placeholder={placeholder}
              aria-label={`${legend} ${index + 1}`}
              onKeyDown={(event) => onKeyDown(event, index)}
              onChange={(event) => onChange(rows.map((row, at) => (at === index ? event.target.value : row)))}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="shrink-0"
              aria-label={`Remove ${noun} ${index + 1}`}
              disabled={!canRemoveRow(rows)}
              onClick={() => {
                onChange(rows.filter((_, at) => at !== index));
                focusRow(Math.max(0, index - 1));
              }}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="mt-3"
        disabled={rows.length >= max}
        onClick={() => insertAfter(rows.length - 1)}
      >
        <Plus className="h-4 w-4" aria-hidden />
        Add {noun}
      </Button>
      <FieldError id={`${baseId}-error`}>{error}</FieldError>
    </fieldset>
  );
}
