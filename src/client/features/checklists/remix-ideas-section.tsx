import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lightbulb, Plus, X } from 'lucide-react';
import { useId } from 'react';
import { addedByText, remixesAddedText, remixIdeaMessages, type RemixIdea } from '@/domain/checklists/remix-ideas';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { remixIdeasQuery, useRemixIdeaAction } from '@/client/api/remix-ideas';
import { checklistKeys } from '@/client/api/query-keys';
import { ApiError, toastFailure } from '@/client/lib/api';
import { toast } from '@/client/lib/toast';

/**
 * "Ideas from remixes" on the author's own list, below its items: what several people added to
 * their public remixes, each to add to the list or dismiss. Asked for once the list is on screen,
 * and shown only when there are ideas, so a list without any never grows an empty panel.
 */
export function RemixIdeasSection({ checklistId }: { checklistId: string }) {
  const ideas = useQuery(remixIdeasQuery(checklistId));
  const headingId = useId();
  const shown = ideas.data?.ideas ?? [];
  if (shown.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="print:hidden">
      <Card className="p-5 sm:p-6">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          <Lightbulb className="h-5 w-5 text-amber-500" aria-hidden />
          {remixIdeaMessages.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{remixIdeaMessages.description}</p>
        <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
          {shown.map((idea) => (
            <li key={idea.idea}>
              <IdeaRow checklistId={checklistId} idea={idea} />
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}

function IdeaRow({ checklistId, idea }: { checklistId: string; idea: RemixIdea }) {
  const queryClient = useQueryClient();
  const adopt = useRemixIdeaAction(checklistId, 'adopt');
  const dismiss = useRemixIdeaAction(checklistId, 'dismiss');
  const isBusy = adopt.isPending || dismiss.isPending;
  const run = (action: typeof adopt, done: string) =>
    action.mutate(idea.idea, {
      onSuccess: () => toast.success(done),
      onError: (error) => {
        toastFailure(error, remixIdeaMessages.failed);
        // An idea no longer offered (another tab took it) leaves the panel.
        if (error instanceof ApiError && error.status === 400) {
          void queryClient.invalidateQueries({ queryKey: checklistKeys.ideas(checklistId) });
        }
      },
    });

  const choices = [
    { action: adopt, label: remixIdeaMessages.add, done: remixIdeaMessages.added, Icon: Plus, variant: 'primary' },
    {
      action: dismiss,
      label: remixIdeaMessages.dismiss,
      done: remixIdeaMessages.dismissed,
      Icon: X,
      variant: 'secondary',
    },
  ] as const;

  return (
    <div className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900 dark:text-white">{idea.content}</p>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {remixesAddedText(idea)} · {addedByText(idea.names, idea.people)}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        {choices.map(({ action, label, done, Icon, variant }) => (
          <Button
            key={label}
            type="button"
            size="sm"
            variant={variant}
            disabled={isBusy}
            // The idea in its name: a screen reader's list of buttons tells each row's apart.
            aria-label={`${label}: ${idea.content}`}
            onClick={() => run(action, done)}
          >
            <Icon className="h-4 w-4" aria-hidden />
            {label}
          </Button>
        ))}
      </div>
    </div>
  );
}
