import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useParams } from 'react-router';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { printMessages } from '@/domain/checklists/export-messages';
import { paths } from '@/domain/paths';
import { Page } from '@/client/components/layout/page';
import { Button } from '@/client/components/ui/button';
import { checklistDetailQuery } from '@/client/api/checklists';
import { useDocumentTitle } from '@/client/lib/document-head';
import { BackToChecklist } from './back-to-checklist';
import { ChecklistDetailStatus } from './detail-states';
import { difficultyLabels } from './difficulty-badge';
import { QrCode } from './qr-code';

type Entry = ChecklistDetail['items'][number];
/** The items before the first heading (a section without one), then each heading with the items under it. */
type Section = { heading: Entry | null; items: Entry[] };

function sectionsOf(entries: readonly Entry[]): Section[] {
  const sections: Section[] = [{ heading: null, items: [] }];
  for (const entry of entries) {
    if (entry.kind === 'heading') sections.push({ heading: entry, items: [] });
    else sections.at(-1)!.items.push(entry);
  }
  return sections.filter((section) => section.heading || section.items.length > 0);
}

/**
 * /checklist/{id}/print: the list laid out for paper, A4 or Letter alike, for anyone who may open the
 * list (a private list is "Checklist Not Found" to others, as its page is). Every box is empty,
 * whoever prints it: a printed list is one to work through by hand. On screen, the page shows as the
 * sheet it prints as, with Print and the way back above it; on paper, the sheet alone.
 */
export function ChecklistPrintPage() {
  const { id = '' } = useParams();
  const detail = useQuery(checklistDetailQuery(id));
  useDocumentTitle(detail.data?.title);

  return (
    <Page width="medium" className="print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackToChecklist id={id}>{printMessages.backToChecklist}</BackToChecklist>
        {detail.data ? (
          <Button onClick={() => window.print()}>
            <Printer className="h-4 w-4" aria-hidden />
            {printMessages.print}
          </Button>
        ) : null}
      </div>
      {detail.data ? (
        <PrintSheet checklist={detail.data} />
      ) : (
        <ChecklistDetailStatus error={detail.error} onRetry={() => void detail.refetch()} />
      )}
    </Page>
  );
}

// The sheet is paper on screen too, whatever the theme: white, with dark text.
function PrintSheet({ checklist }: { checklist: ChecklistDetail }) {
  const address = `${window.location.origin}${paths.checklist(checklist.id)}`;
  return (
    <article className="rounded-lg bg-white p-6 text-slate-900 shadow-[var(--shadow-card)] ring-1 ring-slate-200 sm:p-10 print:rounded-none print:p-0 print:shadow-none print:ring-0">
      <header className="break-inside-avoid">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl print:text-2xl">{checklist.title}</h1>
        {checklist.description ? (
          <p className="mt-2 break-words whitespace-pre-line text-slate-700">{checklist.description}</p>
        ) : null}
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          <div className="flex gap-1.5">
            <dt className="sr-only">{printMessages.author}</dt>
            <dd>{printMessages.byAuthor(checklist.author)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt>{printMessages.estimatedTime}:</dt>
            <dd className="font-semibold">{checklist.estimatedTime}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt>{printMessages.difficulty}:</dt>
            <dd className="font-semibold">{difficultyLabels[checklist.difficulty]}</dd>
          </div>
        </dl>
      </header>

      {sectionsOf(checklist.items).map((section, index) => (
        <section key={section.heading?.id ?? index} className="mt-6">
          {section.heading ? (
            <h2 className="mb-1 border-b border-slate-300 pb-1 text-lg font-semibold break-words break-after-avoid">
              {section.heading.content}
            </h2>
          ) : null}
          <ul aria-label={section.heading?.content ?? printMessages.items}>
            {section.items.map((item) => (
              <PrintItem key={item.id} item={item} />
            ))}
          </ul>
        </section>
      ))}

      {checklist.tags.length > 0 ? (
        <p className="mt-6 text-sm break-words text-slate-700">
          <span className="font-semibold">{printMessages.tags}:</span> {checklist.tags.join(', ')}
        </p>
      ) : null}

      <footer className="mt-8 flex break-inside-avoid items-center gap-4 border-t border-slate-300 pt-4">
        <QrCode text={address} label={printMessages.qrCode} className="h-24 w-24 shrink-0" />
        <p className="min-w-0 text-sm text-slate-700">
          {printMessages.address}
          <span className="mt-1 block font-mono text-xs break-all text-slate-900">{address}</span>
        </p>
      </footer>
    </article>
  );
}

/** An item with an empty box to tick by hand, and its note under it; never split across two pages. */
function PrintItem({ item }: { item: Entry }) {
  return (
    <li className="flex break-inside-avoid items-start gap-3 py-1.5">
      <span aria-hidden data-print-box className="mt-1 h-4 w-4 shrink-0 rounded-sm border-2 border-slate-700" />
      <div className="min-w-0 flex-1">
        <p className="break-words">{item.content}</p>
        {item.note ? (
          <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-600">{item.note}</p>
        ) : null}
      </div>
    </li>
  );
}
