import { Flag } from 'lucide-react';
import { lazy } from 'react';
import { canReport, reportMessages, type ReportTarget } from '@/domain/moderation/report-rules';
import type { Viewer } from '@/domain/permissions';
import { DialogButton } from '@/client/components/ui/deferred-dialog';

// The form (with its schema) loads when Report is pressed, never with the page.
const loadReportForm = () => import('./report-form');
const ReportForm = lazy(async () => ({ default: (await loadReportForm()).ReportForm }));

/**
 * "Report" on a list, a comment or a profile: a dialog that sends the moderators a reason and an
 * optional note. Only a signed-in person sees it, and never on their own thing (canReport); a
 * visitor signs in first.
 */
export function ReportButton({
  target,
  viewer,
  size = 'md',
}: {
  target: ReportTarget;
  viewer: Viewer;
  /** `sm`: the quiet button of a comment's actions. */
  size?: 'sm' | 'md';
}) {
  if (!canReport(viewer, target)) return null;
  return (
    <DialogButton
      variant={size === 'sm' ? 'ghost' : 'secondary'}
      size={size}
      className={size === 'sm' ? 'h-8 px-2' : undefined}
      aria-label={reportMessages.reportThing(target.type)}
      dialog={{
        title: reportMessages.dialogTitle,
        description: reportMessages.dialogDescription(target.type),
        className: 'overflow-y-auto',
      }}
      preload={loadReportForm}
      body={(close) => <ReportForm target={target} onSent={close} />}
    >
      <Flag className={size === 'sm' ? 'h-3.5 w-3.5' : 'h-4 w-4'} aria-hidden />
      {reportMessages.report}
    </DialogButton>
  );
}
