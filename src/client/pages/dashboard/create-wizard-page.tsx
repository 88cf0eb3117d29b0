import { Check, Lightbulb } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { emptyChecklistForm, type ChecklistForm } from '@/domain/checklists/checklist-input';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import { DIFFICULTIES, type Difficulty } from '@/domain/checklists/checklist-view';
import { sectionsOf } from '@/domain/checklists/sections';
import {
  canJumpTo,
  filledRows,
  LAST_STEP,
  nextStep,
  previousStep,
  TITLE_TIP_LENGTH,
  WIZARD_STEP_FIELDS,
  WIZARD_STEPS,
  wizardTips,
  type WizardStep,
} from '@/domain/checklists/wizard';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { DifficultyBadge } from '@/client/features/checklists/difficulty-badge';
import {
  ChecklistEditorForm,
  useChecklistEditor,
  wizardResolver,
} from '@/client/features/checklists/editor/checklist-editor';
import { ItemsField } from '@/client/features/checklists/editor/editor-fields';
import { BasicInfoFields, DetailFields } from '@/client/features/checklists/editor/field-groups';
import { ImportButton } from '@/client/features/checklists/editor/import-button';
import { useCreateChecklist } from '@/client/api/checklists';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { paths } from '@/domain/paths';
import { DashboardPage } from '@/client/components/layout/dashboard-page';

/**
 * The dashboard's create wizard: Basic Info → Add Items → Review & Create (with tags). The
 * steps show parts of the one checklist editor that /create uses; its resolver leaves blank rows out.
 */
export function CreateWizardPage() {
  const navigate = useNavigate();
  const create = useCreateChecklist();
  const [initialValues] = useState(emptyChecklistForm);
  const { form, submitWith } = useChecklistEditor({ initialValues, resolver: wizardResolver });
  const [step, setStep] = useState<WizardStep>(1);
  const [furthest, setFurthest] = useState<WizardStep>(1);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { isSubmitting } = form.formState;

  /** Whether a step's own fields pass; shows their errors. Earlier steps were checked on the way. */
  const checkStep = (at: WizardStep, shouldFocus = false) => form.trigger([...WIZARD_STEP_FIELDS[at]], { shouldFocus });

  const goTo = (target: WizardStep) => {
    // A step shows its errors once the user tries to leave it, not on arrival.
    form.clearErrors();
    setStep(target);
    setFurthest((current) => (target > current ? target : current));
    // The new step's heading takes focus, so keyboard and screen-reader users land on it.
    window.setTimeout(() => headingRef.current?.focus(), 0);
  };
  const next = async () => {
    const target = nextStep(step, await checkStep(step, true));
    if (target !== step) goTo(target);
  };
  /** The header: back at once; forward only through steps that still validate. */
  const jump = async (target: WizardStep) => {
    for (let at = step; at < target; at = (at + 1) as WizardStep) {
      if (await checkStep(at)) continue;
      if (at !== step) {
        goTo(at);
        void checkStep(at);
      }
      return;
    }
    goTo(target);
  };
  const createChecklist = submitWith(async (values) => {
    const { id } = await create.mutateAsync(values);
    // Awaited so the button keeps its busy label until the next page is on screen.
    await navigate(paths.dashboard.list(id));
  });
  // Enter in a field (or Next) moves on a step; on the last step the form is created.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (step === LAST_STEP) return createChecklist(event);
    event.preventDefault();
    return next();
  };

  return (
    <DashboardPage title="Create a New Checklist" className="max-w-4xl">
      <StepHeader step={step} furthest={furthest} onJump={(target) => void jump(target)} />
      <div className="grid gap-6 lg:grid-cols-[1fr_16rem]">
        <Card className="p-5 sm:p-7">
          <ChecklistEditorForm form={form} onSubmit={(event) => void submit(event)}>
            <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
              <h2
                ref={headingRef}
                tabIndex={-1}
                className="text-lg font-semibold text-slate-900 outline-none dark:text-white"
              >
                Step {step}: {WIZARD_STEPS[step - 1]}
              </h2>
              <ImportButton />
            </div>
            {step === 1 ? (
              <div className="space-y-5">
                <BasicInfoFields suggestedTitleLength={TITLE_TIP_LENGTH} />
              </div>
            ) : null}
            {step === 2 ? <ItemsField dropsBlankRows /> : null}
            {step === 3 ? (
              <div className="space-y-6">
                <Review />
                <DetailFields dropsBlankRows />
              </div>
            ) : null}

            {create.isError ? (
              <Alert tone="error" className="mt-5">
                {errorMessage(create.error, checklistActionMessages.createFailed)}
              </Alert>
            ) : null}
            <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-100 pt-5 dark:border-slate-800">
              <Button
                type="button"
                variant="secondary"
                disabled={step === 1 || isSubmitting}
                onClick={() => goTo(previousStep(step))}
              >
                Back
              </Button>
              {step < LAST_STEP ? (
                <Button key="next" type="submit">
                  Next
                </Button>
              ) : (
                <Button key="create" type="submit" disabled={isSubmitting}>
                  {isSubmitting ? 'Creating...' : 'Create Checklist'}
                </Button>
              )}
            </div>
          </ChecklistEditorForm>
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
        const isCompleted = canJumpTo(target, step, furthest);
        const isCurrent = target === step;
        const content = (
          <>
            <span
              className={cn(
                'flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                isCompleted && 'bg-brand-600 text-white',
                isCurrent && 'bg-brand-100 text-brand-700 ring-2 ring-brand-600 dark:bg-slate-800 dark:text-white',
                !isCompleted && !isCurrent && 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
              )}
            >
              {isCompleted ? <Check className="h-4 w-4" aria-hidden /> : target}
            </span>
            <span className="truncate">{label}</span>
          </>
        );
        const className =
          'flex w-full min-w-0 items-center gap-2 rounded-xl px-2 py-2 text-left text-xs font-medium sm:text-sm';
        return (
          <li key={label} aria-current={isCurrent ? 'step' : undefined}>
            {isCompleted ? (
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
              <span
                className={cn(
                  className,
                  isCurrent ? 'text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-400',
                )}
              >
                {content}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** What will be created, as far as the first two steps go (blank rows left out, headings as headings). */
function Review() {
  const { title, description, items, difficulty } = useWatch<ChecklistForm, ChecklistForm, ChecklistForm>({
    compute: filledRows,
  });
  const badge = (DIFFICULTIES as readonly string[]).includes(difficulty) ? (difficulty as Difficulty) : null;
  return (
    <section aria-label="Review" className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/50">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">{title.trim()}</p>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-600 dark:text-slate-400">{description.trim()}</p>
      {sectionsOf(items).map((section, at) => (
        <div key={at}>
          {section.heading ? (
            <h3 className="mt-3 text-sm font-semibold text-slate-900 dark:text-white">
              {section.heading.content.trim()}
            </h3>
          ) : null}
          {section.items.length > 0 ? (
            <ol
              start={section.items[0]?.number}
              className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-800 dark:text-slate-200"
            >
              {section.items.map(({ entry, number }) => (
                <li key={number}>{entry.content.trim()}</li>
              ))}
            </ol>
          ) : null}
        </div>
      ))}
      {badge ? <DifficultyBadge difficulty={badge} className="mt-3" /> : null}
    </section>
  );
}
