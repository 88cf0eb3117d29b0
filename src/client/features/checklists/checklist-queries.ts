import { queryOptions } from '@tanstack/react-query';
import { checklistDetailSchema } from '@/domain/checklists/checklist-view';
import { apiRequest } from '@/client/lib/api';

export const checklistDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['checklists', id],
    queryFn: ({ signal }) => apiRequest(`/api/checklists/${encodeURIComponent(id)}`, checklistDetailSchema, { signal }),
  });
