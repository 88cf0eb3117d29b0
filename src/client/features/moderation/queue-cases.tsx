import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  queueActionDone,
  queueActionLabels,
  queueMessages,
  type ModerationCase,
  type QueueAction,
} from '@/domain/moderation/queue';
import type { SuspensionLength } from '@/domain/moderation/suspensions';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { ShowMore } from '@/client/components/ui/show-more';
import { moderationCasesQuery, useDecideCase, type CaseDecision } from '@/client/api/moderation';
import { errorMessage } from '@/client/lib/api';
import { toast } from '@/client/lib/toast';
import { QueueCaseCard } from './queue-case-card';
import { QueueDecisionDialog } from './queue-decision-dialog';
import { QueueLoadStates } from './queue-load-states';

type Pending = { moderationCase: ModerationCase; action: QueueAction };

/** What a confirmation asks before a decision that needs no reason. */
function confirmation({ moderationCase, action }: Pending) {
  if (action === 'restore') return { title: queueMessages.restoreTitle, description: queueMessages.restoreDescription };
  if (action === 'delete-comment') {
    return { title: queueMessages.deleteCommentTitle, description: queueMessages.deleteCommentDescription };
  }
  if (action === 'unsuspend') {
    return {
      title: queueMessages.unsuspendTitle(moderationCase.owner.username),
      description: queueMessages.unsuspendDescription,
    };
  }
  return { title: queueMessages.dismissTitle, description: queueMessages.dismissDescription };
}

/** The open cases as cards, newest first, with Show more; each decision is confirmed, then toasted. */
export function QueueCases() {
  const query = useInfiniteQuery(moderationCasesQuery());
  const decide = useDecideCase();
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (decision: CaseDecision) => {
    setError(null);
    decide.mutate(decision, {
      onSuccess: () => {
        toast.success(queueActionDone[decision.action]);
        setPending(null);
      },
      onError: (failure) => setError(errorMessage(failure, queueMessages.failed)),
    });
  };
  const close = (isOpen: boolean) => {
    if (isOpen) return;
    setPending(null);
    setError(null);
  };

  if (!query.isSuccess) {
    return <QueueLoadStates query={query} loading={queueMessages.loading} failed={queueMessages.loadFailed} />;
  }
  const cases = query.data.pages.flatMap((page) => page.cases);
  const needsReason = pending?.action === 'hide' || pending?.action === 'suspend';
  return (
    <div className="flex flex-col gap-4">
      {cases.length === 0 ? (
        <p className="py-10 text-center text-slate-600 dark:text-slate-400">{queueMessages.empty}</p>
      ) : null}
      {cases.map((moderationCase) => (
        <QueueCaseCard
          key={moderationCase.id}
          moderationCase={moderationCase}
          onDecide={(target, action) => setPending({ moderationCase: target, action })}
        />
      ))}
      <ShowMore query={query} loadingLabel={queueMessages.loading} />
      <QueueDecisionDialog
        decision={
          pending && needsReason
            ? pending.action === 'suspend'
              ? { kind: 'suspend', username: pending.moderationCase.owner.username }
              : { kind: 'hide' }
            : null
        }
        onOpenChange={close}
        isBusy={decide.isPending}
        error={error}
        onSubmit={({ reason, length }: { reason: string; length: SuspensionLength }) => {
          if (!pending) return;
          const caseId = pending.moderationCase.id;
          run(
            pending.action === 'suspend'
              ? { action: 'suspend', caseId, input: { reason, length } }
              : { action: 'hide', caseId, input: { reason } },
          );
        }}
      />
      {pending && !needsReason ? (
        <ConfirmDialog
          isOpen
          onOpenChange={close}
          {...confirmation(pending)}
          confirmLabel={queueActionLabels[pending.action]}
          busyLabel={queueMessages.working}
          isBusy={decide.isPending}
          tone={pending.action === 'delete-comment' ? 'danger' : 'primary'}
          error={error}
          onConfirm={() => {
            const { action } = pending;
            if (action === 'hide' || action === 'suspend') return;
            run({ action, caseId: pending.moderationCase.id });
          }}
        />
      ) : null}
    </div>
  );
}
