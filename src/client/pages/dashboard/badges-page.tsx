import { useQuery } from '@tanstack/react-query';
import { Award, Lock } from 'lucide-react';
import type { BadgeStatus } from '@/domain/badges/badges';
import { percentComplete } from '@/domain/checklists/progress';
import { Card } from '@/client/components/ui/card';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';
import { ProgressBar } from '@/client/components/ui/progress-bar';
import { formatDateTime } from '@/client/lib/format';
import { tierStyles } from '@/client/features/badges/badge-tier';
import { cn } from '@/client/lib/cn';
import { DashboardPage } from '@/client/components/layout/dashboard-page';
import { badgesQuery } from '@/client/api/badges';

/** Badges: the ones earned, with dates, and the ones still to earn, with progress. */
export function BadgesPage() {
  const badges = useQuery(badgesQuery());
  if (badges.isPending) {
    return (
      <DashboardPage title="Badges">
        <LoadingState label="Loading badges..." />
      </DashboardPage>
    );
  }
  if (badges.isError) {
    return (
      <DashboardPage title="Badges">
        <LoadError onRetry={() => void badges.refetch()}>Failed to load badges. Please try again later.</LoadError>
      </DashboardPage>
    );
  }
  const earned = badges.data.filter((badge) => badge.earnedAt);
  const toEarn = badges.data.filter((badge) => !badge.earnedAt);
  return (
    <DashboardPage title="Badges">
      <section aria-label="Earned">
        <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
          Earned <span className="text-slate-600 dark:text-slate-400">({earned.length})</span>
        </h2>
        {earned.length === 0 ? (
          <Card className="p-5 text-sm text-slate-600 dark:text-slate-400">
            No badges yet. Publish a checklist or finish one to earn your first.
          </Card>
        ) : (
          <BadgeGrid badges={earned} />
        )}
      </section>
      <section aria-label="To earn">
        <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">To earn</h2>
        {toEarn.length === 0 ? (
          <Card className="p-5 text-sm text-slate-600 dark:text-slate-400">You have earned every badge.</Card>
        ) : (
          <BadgeGrid badges={toEarn} />
        )}
      </section>
    </DashboardPage>
  );
}

function BadgeGrid({ badges }: { badges: BadgeStatus[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {badges.map((badge) => (
        <li key={badge.slug}>
          <Card className={cn('flex h-full gap-3 p-4', !badge.earnedAt && 'opacity-90')}>
            <span
              className={cn(
                'flex h-11 w-11 shrink-0 items-center justify-center rounded-full ring-1',
                badge.earnedAt
                  ? tierStyles[badge.tier]
                  : 'bg-slate-100 text-slate-400 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700',
              )}
            >
              {badge.earnedAt ? <Award className="h-5 w-5" aria-hidden /> : <Lock className="h-4 w-4" aria-hidden />}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900 dark:text-white">
                {badge.name}{' '}
                <span className="text-xs font-medium text-slate-600 capitalize dark:text-slate-400">
                  · {badge.tier}
                </span>
              </p>
              <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{badge.description}</p>
              {badge.earnedAt ? (
                <p className="mt-2 text-xs font-medium text-green-700 dark:text-green-400">
                  Earned <time dateTime={badge.earnedAt}>{formatDateTime(badge.earnedAt)}</time>
                </p>
              ) : (
                <div className="mt-2">
                  <p className="mb-1 text-xs text-slate-600 tabular-nums dark:text-slate-400">
                    {badge.progress.current} / {badge.progress.target}
                  </p>
                  <ProgressBar
                    percent={percentComplete(badge.progress.current, badge.progress.target)}
                    label={`${badge.name} progress`}
                  />
                </div>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
