import { describe, expect, it } from 'vitest';
import { requestedVisibility, visibilityInputSchema } from './checklist-fields';
import { CHECKLIST_VISIBILITIES, visibilityColumns, visibilityOf } from './visibility';

describe('a checklist visibility (decision 024)', () => {
  it('is stored as two flags, never both set, and read back the same', () => {
    for (const visibility of CHECKLIST_VISIBILITIES) {
      const columns = visibilityColumns(visibility);
      expect(columns.isPublic && columns.isUnlisted).toBe(false);
      expect(visibilityOf(columns)).toBe(visibility);
    }
  });

  it('is asked for as the spec’s isPublic or as one of the three', () => {
    const parse = (body: unknown) => requestedVisibility(visibilityInputSchema.parse(body));
    expect(parse({ isPublic: true })).toBe('public');
    expect(parse({ isPublic: false })).toBe('private');
    expect(parse({ visibility: 'unlisted' })).toBe('unlisted');
    expect(visibilityInputSchema.safeParse({ visibility: 'hidden' }).success).toBe(false);
    expect(visibilityInputSchema.safeParse({}).success).toBe(false);
  });
});
