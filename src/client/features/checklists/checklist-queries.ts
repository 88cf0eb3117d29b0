import { queryOptions } from '@tanstack/react-query';
import { checklistDetailSchema } from '@/domain/checklists/checklist-view';
import { apiRequest } from '@/client/lib/api';

export const checklistDetailQuery = (id: string) =>
  queryOptions({
    // 'detail' keeps an id such as "discover" from meeting another query's key.
    queryKey: ['checklists', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/api/checklists/${encodeURIComponent(id)}`, checklistDetailSchema, { signal }),
  });
