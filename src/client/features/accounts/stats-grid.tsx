import { useQuery } from '@tanstack/react-query';
import type { AccountStats } from '@/domain/accounts/profile';
import { Card } from '@/client/components/ui/card';
import { cn } from '@/client/lib/cn';
import { accountStatsQuery } from '@/client/api/me';

/** The user's counts as a row of tiles, read in one call (/me's stats bar, the dashboard's Home). */
export function StatsGrid({
  stats: shown,
  className,
}: {
  stats: readonly (readonly [keyof AccountStats, string])[];
  className?: string;
}) {
  const stats = useQuery(accountStatsQuery());
  return (
    <dl
      aria-label="Your stats"
      aria-busy={stats.isPending}
      className={cn('grid grid-cols-3 gap-2 sm:grid-cols-6 sm:gap-3', className)}
    >
      {shown.map(([key, label]) => (
        <Card key={key} className="px-3 py-3 text-center">
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums dark:text-white">
            {stats.data ? stats.data[key] : stats.isError ? '–' : <span className="sr-only">Loading</span>}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
