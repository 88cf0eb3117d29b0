import {
  Eye,
  EyeOff,
  ExternalLink,
  Link2,
  ListChecks,
  Pencil,
  Star,
  Trash2,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { OWN_LIST_ROW_TAGS, type OwnChecklist } from '@/domain/checklists/own-lists';
import type { ChecklistVisibility } from '@/domain/checklists/visibility';
import { holdMessages } from '@/domain/moderation/holds';
import { paths } from '@/domain/paths';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { IconButton } from '@/client/components/ui/icon-button';
import { cn } from '@/client/lib/cn';
import { DifficultyBadge } from './difficulty-badge';
import { VisibilityBadge } from './visibility-badge';

/** One of the user's own lists in My Lists: its checkbox, its facts, and edit, visibility, view and delete. */
export function OwnListRow({
  list,
  isSelected,
  onSelect,
  onChangeVisibility,
  onDelete,
}: {
  list: OwnChecklist;
  isSelected: boolean;
  onSelect: (isSelected: boolean) => void;
  onChangeVisibility: (to: ChecklistVisibility) => void;
  onDelete: () => void;
}) {
  const checkboxId = useId();
  // The public/private toggle (a public list goes private, any other public), and beside it the
  // third choice: an unlisted list can go private, any other unlisted (decision 024).
  const toggleTo: ChecklistVisibility = list.isPublic ? 'private' : 'public';
  const otherTo: ChecklistVisibility = list.visibility === 'unlisted' ? 'private' : 'unlisted';
  return (
    <li
      className={cn(
        'flex gap-3 rounded-xl p-4 ring-1 ring-slate-200 dark:ring-slate-800',
        list.visibility === 'private' ? 'bg-amber-50/70 dark:bg-amber-950/20' : 'bg-white dark:bg-slate-900',
      )}
    >
      <Checkbox
        id={checkboxId}
        className="mt-1"
        checked={isSelected}
        onCheckedChange={(checked) => onSelect(checked === true)}
        aria-label={`Select ${list.title}`}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={paths.checklist(list.id)}
            className="min-w-0 truncate font-semibold text-slate-900 hover:text-brand-600 dark:text-white"
          >
            {list.title}
          </Link>
          <VisibilityBadge visibility={list.visibility} isPublicShown />
          {list.hold ? (
            <span
              title={holdMessages.hiddenNotice(list.hold.reason)}
              className="inline-flex shrink-0 items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950/50 dark:text-red-300"
            >
              {holdMessages.hiddenBadge}
            </span>
          ) : null}
        </div>
        {list.description ? (
          <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{list.description}</p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-600 dark:text-slate-400">
          <span className="inline-flex items-center gap-1">
            <ListChecks className="h-3.5 w-3.5" aria-hidden />
            {list.itemCount} {list.itemCount === 1 ? 'item' : 'items'}
          </span>
          <span className="inline-flex items-center gap-1">
            <Users className="h-3.5 w-3.5" aria-hidden />
            {list.uses} {list.uses === 1 ? 'use' : 'uses'}
          </span>
          <span className="inline-flex items-center gap-1">
            <Star className="h-3.5 w-3.5" aria-hidden />
            {list.rating === null ? 'No rating' : list.rating.toFixed(1)}
          </span>
          <span>{list.estimatedTime}</span>
          <DifficultyBadge difficulty={list.difficulty} />
          {list.tags.slice(0, OWN_LIST_ROW_TAGS).map((tag) => (
            <span
              key={tag}
              className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700 dark:bg-slate-800 dark:text-brand-200"
            >
              #{tag}
            </span>
          ))}
        </div>
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:flex-row sm:items-start">
        <RowLink to={paths.editChecklist(list.id)} label={`Edit ${list.title}`} title="Edit" icon={Pencil} />
        <IconButton
          label={`${list.isPublic ? 'Make private' : 'Make public'}: ${list.title}`}
          title={list.isPublic ? 'Make private' : 'Make public'}
          icon={list.isPublic ? EyeOff : Eye}
          onClick={() => onChangeVisibility(toggleTo)}
        />
        <IconButton
          label={`${otherTo === 'unlisted' ? 'Make unlisted' : 'Make private'}: ${list.title}`}
          title={otherTo === 'unlisted' ? 'Make unlisted (anyone with the link)' : 'Make private'}
          icon={otherTo === 'unlisted' ? Link2 : EyeOff}
          onClick={() => onChangeVisibility(otherTo)}
        />
        <RowLink to={paths.checklist(list.id)} label={`View ${list.title}`} title="View" icon={ExternalLink} />
        <IconButton
          label={`Delete ${list.title}`}
          title="Delete"
          icon={Trash2}
          onClick={onDelete}
          className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
        />
      </div>
    </li>
  );
}

/** A row's icon link, looking as an IconButton does: named by `label` for assistive technology, by `title` on hover. */
function RowLink({ to, label, title, icon: Icon }: { to: string; label: string; title: string; icon: LucideIcon }) {
  return (
    <Button asChild variant="ghost" size="icon" className="h-9 w-9">
      <Link to={to} aria-label={label} title={title}>
        <Icon className="h-4 w-4" aria-hidden />
      </Link>
    </Button>
  );
}
