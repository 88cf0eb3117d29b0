import { describe, expect, it } from 'vitest';
import {
  SESSION_ABSOLUTE_DAYS,
  SESSION_DAYS,
  UNCONFIRMED_SIGN_UP_HOURS,
  UNREMEMBERED_SESSION_HOURS,
} from '../accounts/lifetimes';
import { paths } from '../paths';
import { formatLastUpdated, isItemList, phrasesOf, type LegalDocument, type Passage } from './legal-document';
import { legalDocumentAt, legalDocuments } from './legal-pages';
import { privacyPolicy, siteCookies } from './privacy';
import { termsOfService } from './terms';

/** Every passage of a document, the intro first, as the page shows them. */
const passagesOf = (document: LegalDocument): Passage[] => [
  document.intro,
  ...document.sections.flatMap((section) =>
    section.blocks.flatMap((block) => (isItemList(block) ? block.items : [block])),
  ),
];

/** The words of a section, links included, as one string. */
const sectionText = (document: LegalDocument, id: string) => {
  const section = document.sections.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`no section ${id}`);
  return section.blocks
    .flatMap((block) => (isItemList(block) ? block.items : [block]))
    .flatMap(phrasesOf)
    .map((phrase) => (typeof phrase === 'string' ? phrase : 'code' in phrase ? phrase.code : phrase.text))
    .join(' ');
};

describe('the legal pages', () => {
  it('are found at their own addresses, and nothing else is one', () => {
    expect(legalDocumentAt(paths.terms())).toBe(termsOfService);
    expect(legalDocumentAt(paths.privacy())).toBe(privacyPolicy);
    expect(legalDocumentAt('/about')).toBeNull();
    expect(legalDocumentAt('/terms/')).toBeNull();
  });

  it.each(legalDocuments.map((document) => [document.title, document] as const))(
    '%s: dated, with headed sections whose anchors are unique words',
    (_title, document) => {
      expect(document.lastUpdated).toBe('2026-11-28');
      expect(document.description.length).toBeLessThanOrEqual(200);
      expect(document.sections.length).toBeGreaterThan(3);
      const ids = document.sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const section of document.sections) {
        expect(section.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
        expect(section.heading.trim()).not.toBe('');
        expect(section.blocks.length).toBeGreaterThan(0);
      }
    },
  );

  it('link only to the app’s own pages', () => {
    const ownPaths = [paths.terms(), paths.privacy(), paths.me('settings')];
    const links = legalDocuments
      .flatMap(passagesOf)
      .flatMap(phrasesOf)
      .flatMap((phrase) => (typeof phrase !== 'string' && 'to' in phrase ? [phrase] : []));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(ownPaths).toContain(link.to);
  });

  it('show their date in the same words on the server and in every browser', () => {
    expect(formatLastUpdated('2026-11-28')).toBe('28 November 2026');
    expect(formatLastUpdated('2026-01-01')).toBe('1 January 2026');
  });
});

describe('the Privacy Policy', () => {
  it('names every cookie the site sets, and what it is for', () => {
    const cookies = sectionText(privacyPolicy, 'cookies');
    for (const cookie of siteCookies) {
      expect(cookies).toContain(cookie.name);
      expect(cookies).toContain(cookie.purpose);
    }
    expect(cookies).toContain('__Secure-better-auth.session_token');
  });

  it('states the lifetimes the app keeps', () => {
    const keeping = sectionText(privacyPolicy, 'how-long');
    expect(keeping).toContain(`${SESSION_DAYS} days without use`);
    expect(keeping).toContain(`${SESSION_ABSOLUTE_DAYS} days after you signed in`);
    expect(keeping).toContain(`${UNREMEMBERED_SESSION_HOURS} hours after you signed in`);
    expect(keeping).toContain(`within ${UNCONFIRMED_SIGN_UP_HOURS} hours`);
    expect(keeping).toContain('a password reset for 1 hour,');
  });

  it('says where to download one’s data and delete one’s account', () => {
    for (const id of ['download-your-data', 'delete-your-account']) {
      const section = privacyPolicy.sections.find((candidate) => candidate.id === id)!;
      const links = section.blocks.flatMap((block) => (isItemList(block) ? block.items : [block])).flatMap(phrasesOf);
      expect(links).toContainEqual({ text: 'Settings', to: paths.me('settings') });
    }
    expect(sectionText(privacyPolicy, 'download-your-data')).toContain('“Download my data”');
    expect(sectionText(privacyPolicy, 'delete-your-account')).toContain('“Delete my account”');
  });
});

describe('the Terms of Service', () => {
  it('point to the Privacy Policy from their first sentence', () => {
    expect(phrasesOf(termsOfService.intro)).toContainEqual({ text: 'Privacy Policy', to: paths.privacy() });
  });
});
