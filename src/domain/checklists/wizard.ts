import { checklistFormSchema, noTagRows, type ChecklistForm, type ChecklistFormField } from './checklist-input';

// The create wizard's steps: Basic Info → Add Items → Review & Create.
export const WIZARD_STEPS = ['Basic Info', 'Add Items', 'Review & Create'] as const;
export type WizardStep = 1 | 2 | 3;
export const LAST_STEP: WizardStep = 3;

/** The title tip says under 60 characters; it is advice, not a rule. */
export const TITLE_TIP_LENGTH = 60;

export const wizardTips: Record<WizardStep, string[]> = {
  1: [
    `Keep the title short and clear: under ${TITLE_TIP_LENGTH} characters reads best.`,
    'Say in the description who the checklist is for and when to use it.',
  ],
  2: [
    'Start each item with a verb: “Book the van”, “Pack the kettle”.',
    'Put the items in the order people will do them.',
    'Blank rows are left out.',
  ],
  3: ['Tags help people find your checklist in Browse.', 'Check the estimated time and difficulty, then create it.'],
};

export type WizardErrors = Partial<Record<ChecklistFormField, string>>;

/** The fields each step asks for; a step is valid when these and every earlier step's fields are. */
export const WIZARD_STEP_FIELDS = {
  1: ['title', 'description'],
  2: ['items'],
  3: ['tags', 'estimatedTime', 'difficulty', 'visibility'],
} as const satisfies Record<WizardStep, readonly ChecklistFormField[]>;

const fieldsUpTo = (step: WizardStep): ChecklistFormField[] =>
  ([1, 2, 3] as const).filter((at) => at <= step).flatMap((at) => WIZARD_STEP_FIELDS[at]);

/**
 * The wizard's check of its whole form: the /create form schema itself, once blank rows are
 * dropped (in the wizard, blank rows are left out, not refused). The wizard page's resolver runs
 * this; a step then looks only at its own fields. An empty object means the form may be created.
 */
export function validateWizardForm(form: ChecklistForm): WizardErrors {
  const result = checklistFormSchema.safeParse(filledRows(form));
  const errors: WizardErrors = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path[0] as ChecklistFormField] ??= issue.message;
  return errors;
}

/**
 * Step 1 needs a title and a description after trimming; step 2 at least one
 * non-blank item; step 3 the whole form. These are the whole form's errors on the fields reached so
 * far (the schema has no rule across fields, so a field's error does not depend on later ones).
 */
export function validateWizardStep(step: WizardStep, form: ChecklistForm): WizardErrors {
  const errors = validateWizardForm(form);
  return Object.fromEntries(fieldsUpTo(step).flatMap((field) => (errors[field] ? [[field, errors[field]]] : [])));
}

export const isStepValid = (step: WizardStep, form: ChecklistForm) =>
  Object.keys(validateWizardStep(step, form)).length === 0;

/** Blank item and tag rows dropped; an empty tag list stays one empty row ("no tags"). */
export function filledRows(form: ChecklistForm): ChecklistForm {
  const items = form.items.filter((row) => row.content.trim());
  const tags = form.tags.filter((row) => row.value.trim());
  return { ...form, items, tags: tags.length ? tags : noTagRows() };
}

/** Next only when the current step validates; never past the last. */
export function nextStep(step: WizardStep, isCurrentStepValid: boolean): WizardStep {
  if (!isCurrentStepValid) return step;
  return Math.min(LAST_STEP, step + 1) as WizardStep;
}

/** Back never goes below 1. */
export function previousStep(step: WizardStep): WizardStep {
  return Math.max(1, step - 1) as WizardStep;
}

/**
 * The step header returns to completed steps: any step up to the furthest one reached, other than
 * the current one (after going back from step 3 to 1, steps 2 and 3 are still a click away).
 */
export function canJumpTo(target: WizardStep, current: WizardStep, furthest: WizardStep = current): boolean {
  return target !== current && target <= furthest;
}

/** Item and tag rows can be removed only while more than one remains. */
export const canRemoveRow = (rows: readonly unknown[]) => rows.length > 1;
