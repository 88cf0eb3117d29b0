import { describe, expect, it } from 'vitest';
import { checklistFormSchema, emptyChecklistForm, type ChecklistForm } from './checklist-input';
import { checklistInputMessages } from './checklist-fields';
import {
  canJumpTo,
  canRemoveRow,
  filledRows,
  isStepValid,
  nextStep,
  previousStep,
  validateWizardForm,
  validateWizardStep,
  WIZARD_STEP_FIELDS,
} from './wizard';

const form = (overrides: Partial<ChecklistForm> = {}): ChecklistForm => ({ ...emptyChecklistForm(), ...overrides });
const basics = { title: 'Camping', description: 'A weekend away' };
/** Item rows with these contents, as the form holds them (blank ones included). */
const itemRows = (...contents: string[]) => contents.map((content) => ({ content, kind: 'item' as const, note: '' }));

describe('wizard step 1: basic info', () => {
  it('needs a title and a description after trimming', () => {
    expect(validateWizardStep(1, form({ title: '  ', description: ' ' }))).toEqual({
      title: checklistInputMessages.titleRequired,
      description: checklistInputMessages.descriptionRequired,
    });
    expect(nextStep(1, isStepValid(1, form({ title: ' ', description: 'x' })))).toBe(1);
    expect(nextStep(1, isStepValid(1, form(basics)))).toBe(2);
  });

  it('only advises about titles over 60 characters', () => {
    expect(validateWizardStep(1, form({ ...basics, title: 'x'.repeat(80) }))).toEqual({});
  });
});

describe('wizard step 2: items', () => {
  it('needs at least one non-blank item, with the spec’s message', () => {
    const blank = form({
      ...basics,
      items: itemRows('', '   '),
    });
    expect(validateWizardStep(2, blank)).toEqual({ items: 'At least one item is required.' });
    expect(nextStep(2, isStepValid(2, blank))).toBe(2);
  });

  it('lets blank rows stand beside filled ones', () => {
    const some = form({
      ...basics,
      items: itemRows('Tent', ''),
    });
    expect(validateWizardStep(2, some)).toEqual({});
    expect(nextStep(2, isStepValid(2, some))).toBe(3);
    expect(filledRows(some).items).toEqual(itemRows('Tent'));
  });
});

describe('wizard step 3: review and create', () => {
  it('checks the whole form with the /create schema once blank rows are dropped', () => {
    const ready = form({
      ...basics,
      items: itemRows('Tent', ''),
      tags: [{ value: '' }],
    });
    expect(validateWizardStep(3, ready)).toEqual({ estimatedTime: checklistInputMessages.estimatedTimeRequired });
    expect(validateWizardStep(3, { ...ready, estimatedTime: '1 hour' })).toEqual({});
  });

  it('leaves blank rows out where /create refuses them', () => {
    const rows = form({
      ...basics,
      items: itemRows('Tent', ' '),
      tags: [{ value: '' }, { value: 'camping' }],
      estimatedTime: '1 hour',
    });
    expect(checklistFormSchema.safeParse(rows).error?.issues.map((issue) => issue.message)).toEqual([
      checklistInputMessages.itemsFilled,
      checklistInputMessages.tagsFilled,
    ]);
    expect(validateWizardForm(rows)).toEqual({});
  });

  it('never goes past the last step', () => {
    const ready = form({
      ...basics,
      items: itemRows('Tent'),
      estimatedTime: '1 hour',
    });
    expect(nextStep(3, isStepValid(3, ready))).toBe(3);
  });
});

describe('moving between steps', () => {
  it('Back never goes below 1', () => {
    expect(previousStep(3)).toBe(2);
    expect(previousStep(1)).toBe(1);
  });

  it('the header returns only to completed steps', () => {
    expect(canJumpTo(1, 3)).toBe(true);
    expect(canJumpTo(2, 2)).toBe(false);
    expect(canJumpTo(3, 2)).toBe(false);
    // Back at step 1 after reaching step 3, both later steps stay reachable.
    expect(canJumpTo(3, 1, 3)).toBe(true);
    expect(canJumpTo(2, 1, 2)).toBe(true);
    expect(canJumpTo(3, 1, 2)).toBe(false);
  });

  it('rows can be removed only while more than one remains', () => {
    expect(canRemoveRow([1])).toBe(false);
    expect(canRemoveRow([1, 2])).toBe(true);
  });
});

describe('wizard steps use the form’s own field rules', () => {
  it('refuses a control character on step 1, as /create does', () => {
    expect(validateWizardStep(1, form({ ...basics, title: 'Camp\0ing' }))).toEqual({
      title: 'Text cannot contain line breaks, control characters or text-direction overrides.',
    });
  });

  it('names the fields of each step', () => {
    expect(WIZARD_STEP_FIELDS).toEqual({
      1: ['title', 'description'],
      2: ['items'],
      3: ['tags', 'estimatedTime', 'difficulty', 'visibility'],
    });
  });
});
