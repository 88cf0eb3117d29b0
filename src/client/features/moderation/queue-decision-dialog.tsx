import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { HIDE_REASON_MAX_LENGTH } from '@/domain/moderation/holds';
import { hideInputSchema, queueMessages, suspendInputSchema } from '@/domain/moderation/queue';
import { SUSPENSION_LENGTHS, suspensionLengthLabels, type SuspensionLength } from '@/domain/moderation/suspensions';
import { Dialog, DialogFormButtons, DialogPanel } from '@/client/components/ui/dialog';
import { FieldError, Label } from '@/client/components/ui/input';
import { OptionSelect } from '@/client/components/ui/select';

/** A labelled control of the form. */
function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

export type ReasonDecision = { kind: 'hide' } | { kind: 'suspend'; username: string };

/**
 * Hide's and Suspend's dialog: a reason (the author, or the suspended user, reads it) and, for a
 * suspension, how long. The form checks the input with the API's own schema; the server's refusal
 * shows under it.
 */
export function QueueDecisionDialog({
  decision,
  onOpenChange,
  isBusy,
  error,
  onSubmit,
}: {
  decision: ReasonDecision | null;
  onOpenChange: (isOpen: boolean) => void;
  isBusy: boolean;
  error: string | null;
  onSubmit: (input: { reason: string; length: SuspensionLength }) => void;
}) {
  const [reason, setReason] = useState('');
  const [length, setLength] = useState<SuspensionLength>('7d');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();
  const lengthId = useId();
  const errorId = useId();
  const isSuspend = decision?.kind === 'suspend';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = isSuspend ? suspendInputSchema.safeParse({ reason, length }) : hideInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? queueMessages.reasonRequired);
      return;
    }
    setFieldError(null);
    onSubmit({ reason: parsed.data.reason, length });
  };

  const shownError = fieldError ?? error;
  return (
    <Dialog
      open={decision !== null}
      onOpenChange={(isOpen) => {
        if (isBusy) return;
        if (!isOpen) {
          setReason('');
          setFieldError(null);
        }
        onOpenChange(isOpen);
      }}
    >
      {decision ? (
        <DialogPanel
          title={decision.kind === 'suspend' ? queueMessages.suspendTitle(decision.username) : queueMessages.hideTitle}
          description={decision.kind === 'suspend' ? queueMessages.suspendDescription : queueMessages.hideDescription}
          initialFocusRef={reasonRef}
        >
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <Field id={reasonId} label={queueMessages.reasonLabel}>
              <textarea
                id={reasonId}
                ref={reasonRef}
                value={reason}
                maxLength={HIDE_REASON_MAX_LENGTH}
                rows={3}
                aria-invalid={shownError ? true : undefined}
                aria-describedby={shownError ? errorId : undefined}
                onChange={(event) => setReason(event.target.value)}
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-white"
              />
            </Field>
            {isSuspend ? (
              <Field id={lengthId} label={queueMessages.lengthLabel}>
                <OptionSelect
                  id={lengthId}
                  value={length}
                  options={SUSPENSION_LENGTHS}
                  labels={suspensionLengthLabels}
                  onChange={setLength}
                  align="start"
                  className="w-full"
                />
              </Field>
            ) : null}
            <FieldError id={errorId}>{shownError ?? undefined}</FieldError>
            <DialogFormButtons
              isBusy={isBusy}
              submitVariant="danger"
              submitLabel={isBusy ? queueMessages.working : isSuspend ? queueMessages.suspend : queueMessages.hide}
            />
          </form>
        </DialogPanel>
      ) : null}
    </Dialog>
  );
}
