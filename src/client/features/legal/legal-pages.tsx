import { Link } from 'react-router';
import { Card } from '@/client/components/ui/card';
import { Page } from '@/client/components/layout/page';
import { useDocumentTitle } from '@/client/lib/document-head';
import {
  formatLastUpdated,
  isItemList,
  phrasesOf,
  type LegalDocument,
  type Passage,
} from '@/domain/legal/legal-document';
import { privacyPolicy } from '@/domain/legal/privacy';
import { termsOfService } from '@/domain/legal/terms';

// The Terms of Service and the Privacy Policy: their words come from src/domain/legal, so the
// server's head for them (public-face/page-head.ts) and the page say the same.

/** Underlined, not only coloured: a link inside a sentence must stand out without its colour. */
const inlineLinkClass =
  'rounded-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600 dark:text-brand-200 dark:hover:text-white';

function PassageText({ passage }: { passage: Passage }) {
  return phrasesOf(passage).map((phrase, index) =>
    typeof phrase === 'string' ? (
      phrase
    ) : 'code' in phrase ? (
      // A name as typed (a cookie's): it may break anywhere, or a narrow screen would scroll sideways.
      <code
        key={index}
        className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100"
      >
        {phrase.code}
      </code>
    ) : (
      <Link key={index} to={phrase.to} className={inlineLinkClass}>
        {phrase.text}
      </Link>
    ),
  );
}

function LegalDocumentPage({ document, seeAlso }: { document: LegalDocument; seeAlso: LegalDocument }) {
  useDocumentTitle(document.title);
  return (
    <Page width="medium">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {document.title}
        </h1>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Last updated <time dateTime={document.lastUpdated}>{formatLastUpdated(document.lastUpdated)}</time>
        </p>
        <p className="mt-6 text-lg leading-8 text-slate-700 dark:text-slate-300">
          <PassageText passage={document.intro} />
        </p>
      </header>

      <nav
        aria-labelledby="legal-contents"
        className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200/70 dark:bg-slate-800/50 dark:ring-slate-700/70"
      >
        <h2 id="legal-contents" className="text-sm font-semibold text-slate-900 dark:text-white">
          On this page
        </h2>
        <ol className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={inlineLinkClass}>
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <Card className="divide-y divide-slate-200 px-6 sm:px-8 dark:divide-slate-800">
        {document.sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            // The site's header stays at the top: a section reached by its anchor starts below it.
            className="scroll-mt-20 py-6 sm:py-8"
          >
            <h2
              id={`${section.id}-heading`}
              className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white"
            >
              {section.heading}
            </h2>
            <div className="mt-3 space-y-3 leading-7 text-slate-700 dark:text-slate-300">
              {section.blocks.map((block, index) =>
                isItemList(block) ? (
                  <ul key={index} className="list-disc space-y-2 pl-5 marker:text-slate-400">
                    {block.items.map((item, itemIndex) => (
                      <li key={itemIndex}>
                        <PassageText passage={item} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p key={index}>
                    <PassageText passage={block} />
                  </p>
                ),
              )}
            </div>
          </section>
        ))}
      </Card>

      <p className="text-sm text-slate-600 dark:text-slate-400">
        See also the{' '}
        <Link to={seeAlso.path} className={inlineLinkClass}>
          {seeAlso.title}
        </Link>
        .
      </p>
    </Page>
  );
}

export function TermsPage() {
  return <LegalDocumentPage document={termsOfService} seeAlso={privacyPolicy} />;
}

export function PrivacyPage() {
  return <LegalDocumentPage document={privacyPolicy} seeAlso={termsOfService} />;
}
