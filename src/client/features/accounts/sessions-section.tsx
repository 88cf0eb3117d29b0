import { useQuery } from '@tanstack/react-query';
import { LogOut, Monitor } from 'lucide-react';
import { toast } from '@/client/lib/toast';
import type { ActiveSession } from '@/domain/accounts/sessions';
import { sessionsQuery, useRevokeOtherSessions } from '@/client/api/sessions';
import { Button } from '@/client/components/ui/button';
import { LoadError } from '@/client/components/ui/load-states';
import { Section } from '@/client/components/ui/section';
import { Spinner } from '@/client/components/ui/spinner';
import { errorMessage } from '@/client/lib/api';
import { formatDateTime } from '@/client/lib/format';

const REVOKE_FAILED = 'Could not sign out the other devices. Please try again.';

/** Settings: where the user is signed in, and "Sign out everywhere else". */
export function SessionsSection() {
  const sessions = useQuery(sessionsQuery());
  const revoke = useRevokeOtherSessions();
  const hasOthers = (sessions.data?.sessions ?? []).some((session) => !session.isCurrent);

  return (
    <Section
      title="Sessions"
      description="The devices signed in to your account. Sign out any you do not recognise."
      actions={
        <Button
          variant="secondary"
          disabled={!hasOthers || revoke.isPending}
          onClick={() =>
            revoke.mutate(undefined, {
              onSuccess: ({ message }) => toast.success(message),
              onError: (error) => toast.error(errorMessage(error, REVOKE_FAILED)),
            })
          }
        >
          <LogOut className="h-4 w-4" aria-hidden />
          {revoke.isPending ? 'Signing out...' : 'Sign out everywhere else'}
        </Button>
      }
    >
      {sessions.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner className="h-6 w-6" label="Loading sessions..." />
        </div>
      ) : sessions.isError ? (
        <LoadError onRetry={() => void sessions.refetch()} isRetrying={sessions.isFetching}>
          {errorMessage(sessions.error, 'Could not load your sessions.')}
        </LoadError>
      ) : (
        <ul aria-label="Sessions" className="divide-y divide-slate-200 dark:divide-slate-700">
          {sessions.data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function SessionRow({ session }: { session: ActiveSession }) {
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <Monitor className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
          {session.device}
          {session.isCurrent ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 dark:bg-slate-800 dark:text-slate-100">
              This device
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          Last seen {formatDateTime(session.lastSeenAt)}
          {session.ipAddress ? ` · ${session.ipAddress}` : ''}
        </p>
      </div>
    </li>
  );
}
