import type { UpstreamChangeView, UpstreamChoice } from '@/domain/checklists/upstream-review';
import { defaultChoice, upstreamChangeText, upstreamMessages } from '@/domain/checklists/upstream-review';
import { Card } from '@/client/components/ui/card';
import { RadioGroup, RadioGroupItem } from '@/client/components/ui/radio-group';

type Entry = UpstreamChangeView['base'];

/** A clean change is applied or skipped; a conflict takes the original's side or keeps the owner's. */
const choicesOf = (change: UpstreamChangeView): { value: UpstreamChoice; label: string }[] =>
  change.status === 'conflict'
    ? [
        { value: 'theirs', label: upstreamMessages.takeTheirs },
        { value: 'mine', label: upstreamMessages.keepMine },
      ]
    : [
        { value: 'apply', label: upstreamMessages.apply },
        { value: 'skip', label: upstreamMessages.skip },
      ];

/**
 * One change of the original, three ways: the original as the owner last reviewed it, the original
 * now and the owner's list now (side by side on a wide screen, one under another on a phone), with
 * the owner's choice for it.
 */
export function UpstreamChangeCard({
  change,
  choice,
  onChoose,
  disabled,
}: {
  change: UpstreamChangeView;
  choice: UpstreamChoice | undefined;
  onChoose: (choice: UpstreamChoice) => void;
  disabled: boolean;
}) {
  const titleId = `upstream-${change.id}-title`;
  const isConflict = change.status === 'conflict';
  return (
    <li>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="min-w-0 font-semibold break-words text-slate-900 dark:text-white">
            {upstreamChangeText(change)}
          </h2>
          {isConflict ? (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              {upstreamMessages.conflict}
            </span>
          ) : null}
        </div>
        <dl className="mt-3 grid gap-3 md:grid-cols-3">
          <Side label={upstreamMessages.originalThen} entry={change.base} />
          <Side label={upstreamMessages.originalNow} entry={change.theirs} />
          <Side label={upstreamMessages.yours} entry={change.mine} />
        </dl>
        <RadioGroup
          value={choice ?? defaultChoice(change)}
          onValueChange={(value) => {
            const chosen = choicesOf(change).find((option) => option.value === value);
            if (chosen) onChoose(chosen.value);
          }}
          aria-labelledby={titleId}
          disabled={disabled}
          className="mt-4 sm:max-w-xs"
        >
          {choicesOf(change).map((option) => (
            <RadioGroupItem key={option.value} value={option.value} className="px-3">
              {option.label}
            </RadioGroupItem>
          ))}
        </RadioGroup>
      </Card>
    </li>
  );
}

/** One side of a change: the entry as it stands there, its note under it, or that the list has none. */
function Side({ label, entry }: { label: string; entry: Entry }) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900 dark:text-slate-100">
        {entry ? (
          <>
            <span className={entry.kind === 'heading' ? 'font-semibold' : undefined}>{entry.content}</span>
            {entry.note ? (
              <span className="mt-1 block text-xs whitespace-pre-line text-slate-600 dark:text-slate-400">
                {entry.note}
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-slate-600 italic dark:text-slate-400">{upstreamMessages.removedHere}</span>
        )}
      </dd>
    </div>
  );
}
