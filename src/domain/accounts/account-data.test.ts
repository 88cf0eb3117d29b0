import { describe, expect, it } from 'vitest';
import { deleteAccountSchema, exportFileName } from './account-data';

describe('exportFileName', () => {
  it('names the user and the UTC day', () => {
    expect(exportFileName('olive_1', new Date('2026-03-04T23:30:00Z'))).toBe('ticklist-olive_1-2026-03-04.json');
  });
});

describe('deleteAccountSchema', () => {
  it('needs a password and the choice for public content', () => {
    expect(deleteAccountSchema.safeParse({ password: '', keepPublicContent: true }).success).toBe(false);
    expect(deleteAccountSchema.safeParse({ password: 'x' }).success).toBe(false);
    expect(deleteAccountSchema.parse({ password: 'x', keepPublicContent: false })).toEqual({
      password: 'x',
      keepPublicContent: false,
    });
  });
});
