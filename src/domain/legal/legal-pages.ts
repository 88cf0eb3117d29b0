import type { LegalDocument } from './legal-document';
import { privacyPolicy } from './privacy';
import { termsOfService } from './terms';

/** The legal pages, each at its own address. */
export const legalDocuments: readonly LegalDocument[] = [termsOfService, privacyPolicy];

/** The legal page at `pathname`, if it is one. */
export function legalDocumentAt(pathname: string): LegalDocument | null {
  return legalDocuments.find((document) => document.path === pathname) ?? null;
}
