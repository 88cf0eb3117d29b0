import { describe, expect, it } from 'vitest';
import {
  caseActions,
  caseSnapshotSchema,
  hideInputSchema,
  queueMessages,
  suspendInputSchema,
  suspensionRefusal,
  type ModerationCase,
} from './queue';
import { suspendedSignInMessage, suspensionMailLines } from './suspensions';

describe('suspensionRefusal', () => {
  const moderator = { id: 'm', role: 'moderator' as const };
  const admin = { id: 'a', role: 'admin' as const };
  it.each([
    [moderator, { id: 'u', role: 'user' as const }, null],
    [moderator, { id: 'm', role: 'moderator' as const }, queueMessages.notYourself],
    [moderator, { id: 'm2', role: 'moderator' as const }, queueMessages.onlyAdmins],
    [moderator, { id: 'a', role: 'admin' as const }, queueMessages.onlyAdmins],
    [admin, { id: 'm', role: 'moderator' as const }, null],
    [admin, { id: 'a2', role: 'admin' as const }, null],
    [admin, { id: 'a', role: 'admin' as const }, queueMessages.notYourself],
  ])('%j suspending %j: %s', (actor, target, refusal) => {
    expect(suspensionRefusal(actor, target)).toBe(refusal);
  });
});

describe('caseActions', () => {
  const state = (overrides: Partial<ModerationCase['state']> = {}) => ({
    exists: true,
    hiddenReason: null,
    ownerSuspension: null,
    ...overrides,
  });
  it('offers Hide on a shown list, Restore on a hidden one, Delete comment only on a comment', () => {
    expect(caseActions({ targetType: 'checklist', state: state() })).toEqual(['dismiss', 'hide', 'suspend']);
    expect(caseActions({ targetType: 'checklist', state: state({ hiddenReason: 'Spam' }) })).toEqual([
      'dismiss',
      'restore',
      'suspend',
    ]);
    expect(caseActions({ targetType: 'comment', state: state() })).toEqual([
      'dismiss',
      'hide',
      'delete-comment',
      'suspend',
    ]);
  });
  it('offers only Dismiss and the owner’s suspension for a thing that is gone; Unsuspend while suspended', () => {
    expect(caseActions({ targetType: 'comment', state: state({ exists: false }) })).toEqual(['dismiss', 'suspend']);
    expect(
      caseActions({ targetType: 'profile', state: state({ ownerSuspension: { until: null, reason: 'x' } }) }),
    ).toEqual(['dismiss', 'hide', 'unsuspend']);
  });
});

describe('the decisions’ input', () => {
  it('needs a reason of at most 500 characters, trimmed', () => {
    expect(hideInputSchema.parse({ reason: '  Spam  ' })).toEqual({ reason: 'Spam' });
    expect(hideInputSchema.safeParse({ reason: ' ' }).error?.issues[0]?.message).toBe(queueMessages.reasonRequired);
    expect(hideInputSchema.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(
      queueMessages.reasonTooLong,
    );
  });
  it('a suspension needs one of the lengths', () => {
    expect(suspendInputSchema.parse({ reason: 'Spam', length: '30d' })).toEqual({ reason: 'Spam', length: '30d' });
    expect(suspendInputSchema.safeParse({ reason: 'Spam', length: '2d' }).error?.issues[0]?.message).toBe(
      queueMessages.lengthRequired,
    );
  });
});

describe('what a suspended user reads', () => {
  it('the sign-in names the end in UTC, or none for good', () => {
    expect(suspendedSignInMessage(new Date('2026-12-05T12:00:00.000Z'))).toBe(
      'This account is suspended until 5 December 2026 at 12:00 UTC.',
    );
    expect(suspendedSignInMessage(null)).toBe('This account is suspended.');
  });
  it('the e-mail says until when and why', () => {
    const lines = suspensionMailLines(new Date('2026-12-05T12:00:00.000Z'), 'Spamming Browse');
    expect(lines[0]).toContain('until 5 December 2026 at 12:00 UTC');
    expect(lines).toContain('The reason: Spamming Browse');
    expect(suspensionMailLines(null, 'x')[0]).not.toContain('until');
  });
});

describe('caseSnapshotSchema', () => {
  it('reads the reports’ snapshots of each thing', () => {
    const list = {
      type: 'checklist',
      title: 'Camping',
      description: 'Tents',
      visibility: 'public',
      tags: ['outdoors'],
      entries: [{ kind: 'heading', content: 'Gear', note: '' }],
    };
    const comment = { type: 'comment', content: 'Hi', checklist: { id: 'l1', title: 'Camping' } };
    const profile = { type: 'profile', username: 'sam', profileName: null, avatarUrl: '🏕️' };
    for (const snapshot of [list, comment, profile]) expect(caseSnapshotSchema.parse(snapshot)).toEqual(snapshot);
  });
  it('refuses a snapshot whose fields are of the wrong kind, so the queue shows an empty preview instead', () => {
    expect(caseSnapshotSchema.safeParse({ title: 3 }).success).toBe(false);
  });
});
