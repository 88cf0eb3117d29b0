import { describe, expect, it } from 'vitest';
import { auditPageQuerySchema, auditTargetText } from './audit';
import { holdMessages } from './holds';
import { reviewRequestInputSchema } from './review-requests';
import { roleChangeInputSchema, roleGrantFormSchema } from './role-admin';

describe('auditTargetText', () => {
  it('names a target by what it is called now, else by its id', () => {
    expect(auditTargetText({ targetType: 'checklist', targetId: 'c1', targetName: 'Camping' })).toBe('List Camping');
    expect(auditTargetText({ targetType: 'user', targetId: 'u1', targetName: 'sam' })).toBe('User sam');
    expect(auditTargetText({ targetType: 'comment', targetId: 'm1', targetName: null })).toBe('Comment m1');
  });
});

describe('the audit page query', () => {
  it('takes 30 rows by default and at most 100', () => {
    expect(auditPageQuerySchema.parse({})).toEqual({ limit: 30 });
    expect(auditPageQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('a review request', () => {
  it('names a list, a comment or a profile, and nothing else', () => {
    expect(reviewRequestInputSchema.parse({ targetType: 'profile', targetId: ' sam ' })).toEqual({
      targetType: 'profile',
      targetId: 'sam',
    });
    expect(reviewRequestInputSchema.safeParse({ targetType: 'user', targetId: 'sam' }).success).toBe(false);
    expect(reviewRequestInputSchema.safeParse({ targetType: 'checklist', targetId: '  ' }).success).toBe(false);
  });

  it("tells the author the moderators' reason", () => {
    expect(holdMessages.hiddenNotice('Spam')).toBe('Hidden by the moderators: Spam');
  });
});

describe('a role change', () => {
  it('is moderator, admin or user, with a message for anything else', () => {
    expect(roleChangeInputSchema.parse({ role: 'user' })).toEqual({ role: 'user' });
    const refused = roleChangeInputSchema.safeParse({ role: 'owner' });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe('Choose moderator, admin or user.');
  });

  it('needs a username in the grant form', () => {
    const refused = roleGrantFormSchema.safeParse({ username: '  ', role: 'moderator' });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe('Enter a username.');
  });
});
