import { useId, useState, type FormEvent } from 'react';
import {
  MAX_REPORT_NOTE_LENGTH,
  REPORT_REASONS,
  reportMessages,
  reportReasonLabels,
  type ReportReason,
} from '@/domain/moderation/report-rules';
import { DialogFormButtons } from '@/client/components/ui/dialog';
import { Label } from '@/client/components/ui/input';
import { RadioGroup, RadioGroupItem } from '@/client/components/ui/radio-group';
import { useSendReport } from '@/client/api/reports';
import { errorMessage } from '@/client/lib/api';
import { toast } from '@/client/lib/toast';
import type { ReportTarget } from '@/domain/moderation/report-rules';

const textareaClass =
  'block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-200 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 sm:text-sm';

/**
 * The report dialog's form: a reason (one of the five), an optional note up to its limit with a
 * counter, and Send report. Success closes the dialog with the thanks in a toast; a refusal (the
 * thing is gone, too many reports lately) shows the server's message in the form.
 */
export function ReportForm({ target, onSent }: { target: ReportTarget; onSent: () => void }) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendReport();
  const id = useId();
  const ids = { reason: `${id}-reason`, note: `${id}-note`, counter: `${id}-counter`, problem: `${id}-problem` };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    // The server checks the input against the domain's schema; the form asks only for what a person
    // can miss (the textarea stops the note at its limit), and keeps zod out of the page's code.
    if (!reason) {
      setProblem(reportMessages.reasonRequired);
      return;
    }
    setProblem(null);
    send.mutate(
      { targetType: target.type, targetId: target.id, reason, note: note.trim() },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          onSent();
        },
        onError: (error) => setProblem(errorMessage(error, reportMessages.failed)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-2">
        <p id={ids.reason} className="text-sm font-medium text-slate-900 dark:text-slate-100">
          {reportMessages.reasonLabel}
        </p>
        <RadioGroup
          variant="tiles"
          className="gap-2"
          value={reason}
          onValueChange={(value) => {
            setReason(value as ReportReason);
            setProblem(null);
          }}
          aria-labelledby={ids.reason}
          aria-required
          aria-invalid={problem === reportMessages.reasonRequired}
          aria-describedby={problem ? ids.problem : undefined}
        >
          {REPORT_REASONS.map((value) => (
            <RadioGroupItem
              key={value}
              value={value}
              variant="tiles"
              className="min-h-11 px-3 py-2 text-left text-sm font-medium text-slate-800 dark:text-slate-100"
            >
              {reportReasonLabels[value]}
            </RadioGroupItem>
          ))}
        </RadioGroup>
      </div>

      <div className="space-y-1.5">
        <Label htmlFor={ids.note}>{reportMessages.noteLabel}</Label>
        <textarea
          id={ids.note}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          rows={3}
          maxLength={MAX_REPORT_NOTE_LENGTH}
          aria-describedby={ids.counter}
          className={textareaClass}
        />
        <p id={ids.counter} className="text-right text-xs text-slate-500 tabular-nums dark:text-slate-400">
          {reportMessages.noteCounter(note.length)}
        </p>
      </div>

      {problem ? (
        <p id={ids.problem} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      ) : null}

      <DialogFormButtons
        isBusy={send.isPending}
        submitLabel={send.isPending ? reportMessages.sending : reportMessages.send}
      />
    </form>
  );
}
