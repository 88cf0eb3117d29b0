import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '@/client/components/ui/spinner';
import { useAuth } from '@/client/lib/use-auth';

/** Spec §2.1: `/` and `/login` are for signed-out visitors; a signed-in user goes to /dashboard. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { isLoading, user } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Navigate to="/dashboard" replace />;
  return children;
}

/** Sends a visitor to /login, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, user } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageSpinner />;
  if (!user) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return children;
}
