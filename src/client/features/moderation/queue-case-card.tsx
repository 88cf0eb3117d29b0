import { Link } from 'react-router';
import { paths } from '@/domain/paths';
import {
  caseActions,
  queueActionLabels,
  queueMessages,
  targetTypeLabels,
  type ModerationCase,
  type QueueAction,
} from '@/domain/moderation/queue';
import { reportReasonLabels } from '@/domain/moderation/reports';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { formatDateTime } from '@/client/lib/format';
import { SnapshotPreview } from './queue-snapshot';

const dangerous = new Set<QueueAction>(['hide', 'delete-comment', 'suspend']);

const markTones = {
  calm: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  held: 'bg-amber-100 text-amber-900 dark:bg-amber-950/50 dark:text-amber-200',
  suspended: 'bg-red-100 text-red-800 dark:bg-red-950/50 dark:text-red-200',
  review: 'bg-sky-100 text-sky-800 dark:bg-sky-950/50 dark:text-sky-200',
} as const;

function CaseState({ moderationCase }: { moderationCase: ModerationCase }) {
  const { exists, hiddenReason, ownerSuspension } = moderationCase.state;
  const marks: { text: string; tone: keyof typeof markTones }[] = [
    !exists
      ? { text: queueMessages.deleted, tone: 'held' }
      : hiddenReason !== null
        ? { text: queueMessages.hiddenState(hiddenReason), tone: 'held' }
        : { text: queueMessages.visible, tone: 'calm' },
  ];
  if (ownerSuspension) {
    const text = ownerSuspension.until
      ? queueMessages.suspendedUntil(formatDateTime(ownerSuspension.until))
      : queueMessages.suspendedForGood;
    marks.push({ text, tone: 'suspended' });
  }
  if (moderationCase.reviewRequested) marks.push({ text: queueMessages.reviewRequested, tone: 'review' });
  return (
    <ul className="flex flex-wrap gap-2 text-xs font-semibold">
      {marks.map((mark) => (
        <li key={mark.text} className={`rounded-full px-2 py-0.5 break-words ${markTones[mark.tone]}`}>
          {mark.text}
        </li>
      ))}
    </ul>
  );
}

/** One open case: what was reported, its state now, its reports, and the decisions it offers. */
export function QueueCaseCard({
  moderationCase,
  onDecide,
}: {
  moderationCase: ModerationCase;
  onDecide: (moderationCase: ModerationCase, action: QueueAction) => void;
}) {
  const { owner } = moderationCase;
  const headingId = `case-${moderationCase.id}`;
  return (
    <Card className="flex min-w-0 flex-col gap-4 p-4 sm:p-5">
      <article aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
        <header className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-800 dark:text-brand-200">
            {targetTypeLabels[moderationCase.targetType]}
          </span>
          <h2 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
            {queueMessages.reportCount(moderationCase.reportCount)}
          </h2>
          <span className="text-sm break-all text-slate-500">
            {queueMessages.owner}{' '}
            <Link className="underline" to={paths.user(owner.username)}>
              {owner.name ? `${owner.name} (@${owner.username})` : `@${owner.username}`}
            </Link>
          </span>
        </header>
        <SnapshotPreview moderationCase={moderationCase} />
        <CaseState moderationCase={moderationCase} />
        <section aria-label={queueMessages.reportedBy} className="space-y-2">
          <p className="flex flex-wrap gap-2 text-sm">
            {moderationCase.reasons.map(({ reason, count }) => (
              <span key={reason} className="rounded-md bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
                {reportReasonLabels[reason]} × {count}
              </span>
            ))}
          </p>
          <ul className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
            {moderationCase.reports.map((report) => (
              <li key={`${report.reporterUsername}-${report.createdAt}`} className="break-words">
                <span className="font-medium">@{report.reporterUsername}</span>: {reportReasonLabels[report.reason]}
                {report.note ? ` — “${report.note}”` : ''}{' '}
                <span className="text-slate-500">({formatDateTime(report.createdAt)})</span>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex flex-wrap gap-2">
          {caseActions(moderationCase).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={dangerous.has(action) ? 'danger' : 'secondary'}
              onClick={() => onDecide(moderationCase, action)}
            >
              {queueActionLabels[action]}
            </Button>
          ))}
        </div>
      </article>
    </Card>
  );
}
