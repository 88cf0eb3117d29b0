import type { Difficulty } from '@/domain/checklists/checklist-view';
import { cn } from '@/client/lib/cn';

export const difficultyLabels: Record<Difficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

// Easy green, medium yellow, hard red. The dot carries the token colour; the text uses
// a darker shade of it so the label stays readable on the tinted background in both themes.
const styles: Record<Difficulty, { badge: string; dot: string }> = {
  easy: {
    badge: 'bg-easy/12 text-green-800 ring-easy/30 dark:bg-easy/20 dark:text-green-300',
    dot: 'bg-easy',
  },
  medium: {
    badge: 'bg-medium/18 text-yellow-800 ring-medium/40 dark:bg-medium/15 dark:text-yellow-200',
    dot: 'bg-medium',
  },
  hard: {
    badge: 'bg-hard/12 text-red-700 ring-hard/30 dark:bg-hard/20 dark:text-red-300',
    dot: 'bg-hard',
  },
};

export function DifficultyBadge({ difficulty, className }: { difficulty: Difficulty; className?: string }) {
  const style = styles[difficulty];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        style.badge,
        className,
      )}
    >
      <span aria-hidden className={cn('h-1.5 w-1.5 rounded-full', style.dot)} />
      {difficultyLabels[difficulty]}
    </span>
  );
}
