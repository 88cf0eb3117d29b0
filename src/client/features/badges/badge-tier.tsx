import { Award } from 'lucide-react';
import type { BadgeTier, EarnedBadge } from '@/domain/badges/badges';
import { cn } from '@/client/lib/cn';

/** Bronze, silver and gold, as the badges page and the profile show them. */
export const tierStyles: Record<BadgeTier, string> = {
  bronze: 'bg-amber-100 text-amber-800 ring-amber-300 dark:bg-amber-950/50 dark:text-amber-300 dark:ring-amber-800',
  silver: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  gold: 'bg-yellow-100 text-yellow-800 ring-yellow-300 dark:bg-yellow-950/50 dark:text-yellow-300 dark:ring-yellow-700',
};

/** The earned badges of a public profile, as chips in their tier's colour. */
export function BadgeChips({ badges }: { badges: EarnedBadge[] }) {
  return (
    <ul aria-label="Badges" className="flex flex-wrap gap-2">
      {badges.map((badge) => (
        <li
          key={badge.slug}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ring-1',
            tierStyles[badge.tier],
          )}
        >
          <Award className="h-4 w-4" aria-hidden />
          {badge.name}
        </li>
      ))}
    </ul>
  );
}
