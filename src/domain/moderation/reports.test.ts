import { describe, expect, it } from 'vitest';
import { MAX_REPORT_NOTE_LENGTH, canReport, reportInputSchema, reportMessages } from './reports';

describe('canReport', () => {
  it('lets a signed-in person report what someone else made, never their own, and never a visitor', () => {
    expect(canReport({ id: 'a' }, { ownerId: 'b' })).toBe(true);
    expect(canReport({ id: 'a' }, { ownerId: 'a' })).toBe(false);
    expect(canReport(null, { ownerId: 'b' })).toBe(false);
  });
});

describe('reportInputSchema', () => {
  const valid = { targetType: 'comment', targetId: 'abc', reason: 'spam' };

  it('takes a reason and an optional note, trimmed', () => {
    expect(reportInputSchema.parse({ ...valid, note: '  why  ' })).toEqual({ ...valid, note: 'why' });
    expect(reportInputSchema.parse(valid)).toEqual({ ...valid, note: '' });
  });

  it('asks for a reason it knows, and a note of at most the limit', () => {
    const messageOf = (input: object) => reportInputSchema.safeParse(input).error?.issues[0]?.message;
    expect(messageOf({ ...valid, reason: 'boring' })).toBe(reportMessages.reasonRequired);
    expect(messageOf({ ...valid, note: 'x'.repeat(MAX_REPORT_NOTE_LENGTH + 1) })).toBe(reportMessages.noteTooLong);
    expect(reportInputSchema.safeParse({ ...valid, note: 'x'.repeat(MAX_REPORT_NOTE_LENGTH) }).success).toBe(true);
  });

  it('names what is reported in the Report action', () => {
    expect(reportMessages.reportThing('checklist')).toBe('Report this list');
    expect(reportMessages.noteCounter(12)).toBe(`12/${MAX_REPORT_NOTE_LENGTH}`);
  });
});
