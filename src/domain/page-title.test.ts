import { describe, expect, it } from 'vitest';
import { pageNames, pageTitle } from './page-title';

describe('pageTitle', () => {
  it('puts the page’s own name before the site’s, on one line', () => {
    expect(pageTitle('Moving  house\n checklist')).toBe('Moving house checklist · Ticklist');
  });

  it('is the site’s name alone when the page has none', () => {
    expect(pageTitle()).toBe('Ticklist');
    expect(pageTitle('   ')).toBe('Ticklist');
    expect(pageTitle(null)).toBe('Ticklist');
  });
});

describe('pageNames', () => {
  it('names Browse by its tag, and a person by name and username', () => {
    expect(pageNames.browse()).toBe('Browse checklists');
    expect(pageNames.browse('')).toBe('Browse checklists');
    expect(pageNames.browse('camping')).toBe('Checklists tagged camping');
    expect(pageNames.profile('Ann', 'ann_a')).toBe('Ann (@ann_a)');
  });
});
