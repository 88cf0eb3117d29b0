import { useQuery } from '@tanstack/react-query';
import { Check, LayoutGrid, List, Search, X, type LucideIcon } from 'lucide-react';
import { useId, useRef } from 'react';
import { MAX_SEARCH_LENGTH, type BrowseView } from '@/domain/checklists/browse';
import { Input } from '@/client/components/ui/input';
import { cn } from '@/client/lib/cn';
import { popularTagsQuery } from '@/client/api/checklists';

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Browse's search box, with its Clear button while it holds text. */
export function BrowseSearchForm({
  draft,
  onDraftChange,
  onSubmit,
  onClear,
}: {
  draft: string;
  onDraftChange: (draft: string) => void;
  onSubmit: () => void;
  onClear: () => void;
}) {
  const searchInput = useRef<HTMLInputElement>(null);
  const searchId = useId();
  return (
    <form
      role="search"
      className="relative flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={searchId} className="sr-only">
        Search checklists
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-400"
      />
      <Input
        ref={searchInput}
        id={searchId}
        type="search"
        value={draft}
        onChange={(event) => onDraftChange(event.target.value)}
        placeholder="Search checklists..."
        maxLength={MAX_SEARCH_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        className="pr-11 pl-10 [&::-webkit-search-cancel-button]:appearance-none"
      />
      {draft ? (
        <button
          type="button"
          onClick={() => {
            onClear();
            searchInput.current?.focus();
          }}
          aria-label="Clear search"
          className="absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-700 dark:hover:text-slate-200"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      ) : null}
    </form>
  );
}

const viewButtons: { view: BrowseView; label: string; icon: LucideIcon }[] = [
  { view: 'grid', label: 'Grid view', icon: LayoutGrid },
  { view: 'list', label: 'List view', icon: List },
];

/** Grid or list: two pressed-state buttons. */
export function ViewToggle({ value, onChange }: { value: BrowseView; onChange: (view: BrowseView) => void }) {
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex shrink-0 rounded-lg bg-white p-1 ring-1 ring-slate-300 dark:bg-slate-900 dark:ring-slate-700"
    >
      {viewButtons.map(({ view, label, icon: Icon }) => {
        const isActive = view === value;
        return (
          <button
            key={view}
            type="button"
            aria-label={label}
            title={label}
            aria-pressed={isActive}
            onClick={() => {
              if (!isActive) onChange(view);
            }}
            className={cn(
              'flex h-9 w-9 cursor-pointer items-center justify-center rounded-md transition-colors',
              isActive
                ? 'bg-brand-600 text-white shadow-sm'
                : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
            )}
          >
            <Icon className="h-5 w-5" aria-hidden />
          </button>
        );
      })}
    </div>
  );
}

/** The popular tags as chips that filter by one tag; the selected chip switches it off. */
export function TagChips({ selected, onToggle }: { selected: string; onToggle: (tag: string) => void }) {
  const popular = useQuery(popularTagsQuery());
  const tags = popular.data?.tags.map((entry) => entry.tag) ?? [];
  // A tag picked elsewhere (a link, or one that has since left the top 20) still gets a chip,
  // so the filter it applies is visible and can be switched off here.
  if (selected && !tags.some((tag) => sameTag(tag, selected))) tags.unshift(selected);
  if (tags.length === 0) return null;

  return (
    <div role="group" aria-label="Filter by tag" className="flex flex-wrap gap-2">
      {tags.map((tag) => {
        const isSelected = selected !== '' && sameTag(tag, selected);
        return (
          <button
            key={tag}
            type="button"
            aria-pressed={isSelected}
            onClick={() => onToggle(isSelected ? '' : tag)}
            className={cn(
              'inline-flex h-8 cursor-pointer items-center gap-1 rounded-full px-3 text-sm font-medium ring-1 transition-colors ring-inset',
              isSelected
                ? 'bg-brand-600 text-white ring-brand-600 hover:bg-brand-700'
                : 'bg-white text-slate-700 ring-slate-200 hover:bg-brand-50 hover:text-brand-700 hover:ring-brand-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700 dark:hover:bg-slate-800 dark:hover:text-white',
            )}
          >
            {isSelected ? <Check className="h-3.5 w-3.5" aria-hidden /> : null}
            {tag}
          </button>
        );
      })}
    </div>
  );
}
