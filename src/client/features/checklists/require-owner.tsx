import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { FullPageSpinner } from '@/client/components/ui/spinner';
import { canEdit } from '@/domain/permissions';
import { ApiError } from '@/client/lib/api';
import { useAuth } from '@/client/api/use-auth';
import { checklistDetailQuery } from '@/client/api/checklists';
import { paths } from '@/domain/paths';

/**
 * /edit-checklist/{id} and /checklist/{id}/versions are for the list's owner. Anyone else goes
 * to the list itself, which shows it, or "Checklist Not Found" for a private list or a wrong id.
 * The server checks ownership again on every write and every read of the versions.
 */
export function RequireOwner({ children }: { children: ReactNode }) {
  const { id = '' } = useParams();
  const detail = useQuery(checklistDetailQuery(id));
  const { viewer } = useAuth();
  if (detail.isPending) return <FullPageSpinner />;
  // A failure other than "not found" is the edit page's to explain ("Failed to load checklist").
  if (detail.isError && !(detail.error instanceof ApiError && detail.error.status === 404)) return children;
  if (!detail.data || !canEdit(viewer, detail.data)) return <Navigate to={paths.checklist(id)} replace />;
  return children;
}
