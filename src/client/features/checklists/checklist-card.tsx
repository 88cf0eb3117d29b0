import { Clock, Copy, Heart, ListChecks, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { visibleTags, type ChecklistCard as ChecklistCardData } from '@/domain/checklists/browse';
import { Card } from '@/client/components/ui/card';
import { cn } from '@/client/lib/cn';
import { plural, formatCount } from '@/client/lib/format';
import { AuthorName } from './author-name';
import { DifficultyBadge } from './difficulty-badge';
import { paths } from '@/domain/paths';

type View = 'grid' | 'list';

/**
 * A card of browse and Discover. The title link stretches over the whole card (its ::after covers
 * it), so the card is one click target without wrapping other links in a link; the author link sits
 * above it. `href` sends the title elsewhere, or nowhere when null (sample cards).
 */
export function ChecklistCard({
  checklist,
  view,
  href = paths.checklist(checklist.id),
  headingLevel = 2,
}: {
  checklist: ChecklistCardData;
  view: View;
  href?: string | null;
  /** 3 where the cards sit under a section's own h2 (Discover, the dashboard home). */
  headingLevel?: 2 | 3;
}) {
  const isGrid = view === 'grid';
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  return (
    <Card
      className={cn(
        'group relative flex transition-shadow hover:shadow-md hover:ring-brand-200 dark:hover:ring-slate-700',
        isGrid ? 'h-full flex-col p-5' : 'flex-col gap-4 p-5 sm:flex-row sm:items-start sm:gap-6',
      )}
    >
      <div className="flex min-w-0 flex-1 flex-col">
        {isGrid ? (
          <div className="mb-3 flex items-center justify-between gap-2">
            <DifficultyBadge difficulty={checklist.difficulty} />
            <EstimatedTime value={checklist.estimatedTime} />
          </div>
        ) : null}

        <Heading className="text-lg leading-snug font-semibold text-slate-900 dark:text-white">
          {href === null ? (
            <span className={cn(isGrid && 'line-clamp-2')}>{checklist.title}</span>
          ) : (
            <Link
              to={href}
              className={cn(
                'rounded-sm group-hover:text-brand-700 focus-visible:outline-none dark:group-hover:text-brand-200',
                'after:absolute after:inset-0 after:rounded-[var(--radius-card)]',
                'focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-solid focus-visible:after:outline-brand-500',
                isGrid && 'line-clamp-2',
              )}
            >
              {checklist.title}
            </Link>
          )}
        </Heading>

        {checklist.description ? (
          <p
            className={cn(
              'mt-2 text-sm text-slate-600 dark:text-slate-400',
              isGrid ? 'line-clamp-3' : 'line-clamp-2 sm:line-clamp-3',
            )}
          >
            {checklist.description}
          </p>
        ) : null}

        <TagList tags={checklist.tags} view={view} />

        <div className={cn('flex flex-wrap items-center gap-x-4 gap-y-2', isGrid ? 'mt-auto pt-4' : 'mt-4')}>
          <Author checklist={checklist} />
        </div>
      </div>

      <div
        className={cn(
          'flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600 dark:text-slate-400',
          isGrid
            ? 'mt-4 border-t border-slate-100 pt-4 dark:border-slate-800'
            : 'border-t border-slate-100 pt-4 sm:w-56 sm:shrink-0 sm:flex-col sm:items-end sm:border-t-0 sm:border-l sm:pt-0 sm:pl-6 dark:border-slate-800',
        )}
      >
        {isGrid ? null : (
          <div className="flex flex-wrap items-center gap-3 sm:justify-end">
            <DifficultyBadge difficulty={checklist.difficulty} />
            <EstimatedTime value={checklist.estimatedTime} />
          </div>
        )}
        <ul
          aria-label="Statistics"
          className={cn('flex flex-wrap items-center gap-x-4 gap-y-1', !isGrid && 'sm:justify-end')}
        >
          <Stat icon={ListChecks} label={plural(checklist.itemsCount, 'item', 'items')} value={checklist.itemsCount} />
          <Stat icon={Users} label={plural(checklist.uses, 'use', 'uses')} value={checklist.uses} />
          <Stat
            icon={Heart}
            label={plural(checklist.likes, 'like', 'likes')}
            value={checklist.likes}
            iconClassName="text-rose-500"
          />
          <Stat icon={Copy} label={plural(checklist.clones, 'clone', 'clones')} value={checklist.clones} />
        </ul>
      </div>
    </Card>
  );
}

function EstimatedTime({ value }: { value: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
      <Clock className="h-4 w-4 shrink-0" aria-hidden />
      <span className="sr-only">Estimated time: </span>
      {value}
    </span>
  );
}

function Stat({
  icon: Icon,
  label,
  value,
  iconClassName,
}: {
  icon: LucideIcon;
  label: string;
  value: number;
  iconClassName?: string;
}) {
  return (
    <li className="inline-flex items-center gap-1.5" title={label}>
      <Icon className={cn('h-4 w-4 shrink-0', iconClassName)} aria-hidden />
      <span aria-hidden className="tabular-nums">
        {formatCount(value)}
      </span>
      <span className="sr-only">{label}</span>
    </li>
  );
}

function Author({ checklist }: { checklist: ChecklistCardData }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <span
        aria-hidden
        className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-base leading-none dark:bg-slate-800"
      >
        {checklist.authorAvatar}
      </span>
      <span className="sr-only">By </span>
      {/* Above the title link's ::after, so the name opens the profile rather than the list. */}
      <AuthorName
        name={checklist.author}
        username={checklist.authorUsername}
        className="truncate font-medium"
        linkClassName="relative z-10 rounded-sm"
      />
    </span>
  );
}

function TagList({ tags, view }: { tags: string[]; view: View }) {
  if (tags.length === 0) return null;
  const { shown, more } = view === 'grid' ? visibleTags(tags) : { shown: tags, more: 0 };
  const chip =
    'inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700 dark:bg-slate-800 dark:text-brand-200';
  return (
    <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5">
      {shown.map((tag) => (
        <li key={tag} className={chip}>
          {tag}
        </li>
      ))}
      {more > 0 ? (
        <li className={cn(chip, 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400')}>+{more} MORE</li>
      ) : null}
    </ul>
  );
}
