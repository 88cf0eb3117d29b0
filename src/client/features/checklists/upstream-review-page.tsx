import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  acceptedChanges,
  appliedMessage,
  upstreamMessages,
  type UpstreamChoice,
  type UpstreamReview,
} from '@/domain/checklists/upstream-review';
import { paths } from '@/domain/paths';
import { Page } from '@/client/components/layout/page';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';
import { errorMessage, isRateLimited } from '@/client/lib/api';
import { useDocumentTitle } from '@/client/lib/document-head';
import { toast } from '@/client/lib/toast';
import { upstreamQuery, useReviewUpstream } from '@/client/api/upstream';
import { BackToChecklist } from './back-to-checklist';
import { UpstreamChangeCard } from './upstream-change-card';

/**
 * /checklist/{id}/upstream: the owner of a clone reviews what its original changed since, one card
 * per change, and saves their choices at once. The route's owner guard has already sent anyone else
 * to the list itself (the API answers them 404 too).
 */
export function UpstreamReviewPage() {
  const { id = '' } = useParams();
  useDocumentTitle(upstreamMessages.reviewTitle);
  const upstream = useQuery(upstreamQuery(id));
  // Here rather than in the form: a refusal (another tab reviewed these changes first) reads the
  // review again, which may replace the form, and its message must stay.
  const save = useReviewUpstream(id);

  let body;
  if (upstream.isPending) body = <LoadingState label={upstreamMessages.loading} />;
  else if (upstream.isError)
    body = (
      <LoadError onRetry={() => void upstream.refetch()} isRetrying={upstream.isFetching}>
        {errorMessage(upstream.error, upstreamMessages.loadFailed)}
      </LoadError>
    );
  else if (!upstream.data.upstream || upstream.data.upstream.changes.length === 0)
    body = <p className="text-slate-600 dark:text-slate-400">{upstreamMessages.nothingToReview}</p>;
  // A new review (the original changed again, or another tab saved) starts from its defaults.
  else
    body = (
      <ReviewForm key={upstream.data.upstream.toVersion} checklistId={id} review={upstream.data.upstream} save={save} />
    );

  return (
    <Page width="medium" className="max-w-5xl">
      <BackToChecklist id={id}>{upstreamMessages.backToList}</BackToChecklist>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {upstreamMessages.reviewTitle}
        </h1>
        {upstream.data?.upstream ? (
          <p className="mt-2 text-lg font-medium break-words text-slate-800 dark:text-slate-200">
            {upstream.data.upstream.original.title}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{upstreamMessages.reviewDescription}</p>
      </header>
      {/* A rate limit's refusal is shown already, in a toast. */}
      {save.isError && !isRateLimited(save.error) ? (
        <Alert tone="error">{errorMessage(save.error, upstreamMessages.saveFailed)}</Alert>
      ) : null}
      {body}
    </Page>
  );
}

function ReviewForm({
  checklistId,
  review,
  save,
}: {
  checklistId: string;
  review: UpstreamReview;
  save: ReturnType<typeof useReviewUpstream>;
}) {
  const [choices, setChoices] = useState<Record<string, UpstreamChoice>>({});
  const navigate = useNavigate();

  const submit = () =>
    save.mutate(
      { toVersion: review.toVersion, accept: acceptedChanges(review.changes, choices) },
      {
        onSuccess: ({ applied }) => {
          toast.success(appliedMessage(applied));
          void navigate(paths.checklist(checklistId));
        },
      },
    );

  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ol aria-label={upstreamMessages.changes} className="flex flex-col gap-4">
        {review.changes.map((change) => (
          <UpstreamChangeCard
            key={change.id}
            change={change}
            choice={choices[change.id]}
            disabled={save.isPending}
            onChoose={(choice) => setChoices((chosen) => ({ ...chosen, [change.id]: choice }))}
          />
        ))}
      </ol>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? upstreamMessages.saving : upstreamMessages.save}
      </Button>
    </form>
  );
}
