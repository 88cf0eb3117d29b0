import { useQuery } from '@tanstack/react-query';
import { ArrowRight, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { DISCOVER_SECTIONS, discoverMessages, viewAllTarget, type DiscoverSection } from '@/domain/discover/assembly';
import type { ChecklistCard as CardData } from '@/domain/checklists/browse';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { LoadingState } from '@/client/components/ui/load-states';
import { ChecklistCard } from '@/client/features/checklists/checklist-card';
import { DashboardPage } from '@/client/components/layout/dashboard-page';
import { discoverQuery } from '@/client/api/checklists';
import { paths } from '@/domain/paths';

/**
 * Discover: Suggestions for You, Trending Checklists and Staff Picks, 3 cards each.
 * When loading fails every section shows built-in samples, said so above them and
 * on each section, with "Try again".
 */
export function DiscoverPage() {
  const discover = useQuery(discoverQuery());
  if (!discover.data) {
    return (
      <DashboardPage title="Discover">
        <LoadingState label="Loading checklists..." />
      </DashboardPage>
    );
  }
  const data = discover.data;
  return (
    <DashboardPage title="Discover">
      {data.isFallback ? (
        <Alert tone="info">
          <p>{discoverMessages.sampleNotice}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            disabled={discover.isFetching}
            onClick={() => void discover.refetch()}
          >
            <RotateCcw className="h-4 w-4" aria-hidden />
            Try again
          </Button>
        </Alert>
      ) : null}
      {DISCOVER_SECTIONS.map((section) => (
        <DiscoverSectionView
          key={section}
          section={section}
          cards={data[section]}
          // Samples name no real checklist, so they link nowhere.
          isSample={data.isFallback || (section === 'staffPicks' && data.isSampleStaffPicks)}
        />
      ))}
    </DashboardPage>
  );
}

function DiscoverSectionView({
  section,
  cards,
  isSample,
}: {
  section: DiscoverSection;
  cards: CardData[];
  isSample: boolean;
}) {
  const title = discoverMessages.sectionTitles[section];
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          {title}
          {isSample ? (
            <>
              <span
                aria-hidden
                className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
              >
                {discoverMessages.sampleLabel}
              </span>
              {/* In the heading, so the section's name says it too: "Staff Picks (samples)". */}
              <span className="sr-only"> ({discoverMessages.sampleLabel.toLowerCase()})</span>
            </>
          ) : null}
        </h2>
        <Button asChild variant="ghost" size="sm">
          <Link to={viewAllTarget(section)} aria-label={`${discoverMessages.viewAll}: ${title}`}>
            {discoverMessages.viewAll}
            <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
        </Button>
      </div>
      {cards.length === 0 ? (
        <Card className="p-5 text-sm text-slate-600 dark:text-slate-400">{discoverMessages.empty}</Card>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <ChecklistCard
              key={card.id}
              checklist={card}
              view="grid"
              headingLevel={3}
              href={isSample ? null : paths.dashboard.discoverChecklist(card.id)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
