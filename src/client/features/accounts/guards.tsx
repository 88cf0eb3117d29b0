import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '@/client/components/ui/spinner';
import { useAuth } from '@/client/lib/use-auth';
import { paths } from '@/client/lib/paths';

/** Spec §2.1: `/` and `/login` are for signed-out visitors; a signed-in user goes to /dashboard. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { isLoading, user } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Navigate to={paths.dashboard.home()} replace />;
  return children;
}

/** Sends a visitor to /login, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, user } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageSpinner />;
  if (!user) {
    return <Navigate to={paths.login(`${location.pathname}${location.search}`)} replace />;
  }
  return children;
}
