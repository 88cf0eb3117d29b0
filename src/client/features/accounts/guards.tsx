import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { UNAVAILABLE_MESSAGE } from '@/domain/api-error';
import { Page } from '@/client/components/layout/page';
import { LoadError } from '@/client/components/ui/load-states';
import { FullPageSpinner } from '@/client/components/ui/spinner';
import { useAuth } from '@/client/api/use-auth';
import { paths } from '@/domain/paths';

/** `/` and `/login` are for signed-out visitors; a signed-in user goes to /dashboard. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { isLoading, user } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Navigate to={paths.dashboard.home()} replace />;
  return children;
}

/** Sends a visitor to /login, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, user, isSessionUnavailable, retrySession, isRetryingSession } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageSpinner />;
  if (isSessionUnavailable) {
    return (
      <Page width="medium">
        <LoadError onRetry={retrySession} isRetrying={isRetryingSession} className="mt-10">
          {UNAVAILABLE_MESSAGE}
        </LoadError>
      </Page>
    );
  }
  if (!user) {
    return <Navigate to={paths.login(`${location.pathname}${location.search}`)} replace />;
  }
  return children;
}
