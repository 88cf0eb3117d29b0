import { useMutation } from '@tanstack/react-query';
import type { ReportInput, reportResultSchema } from '@/domain/moderation/reports';
import { apiRequest } from '@/client/lib/api';

/** Sends a report to the moderators; reporting the same thing again rewrites the earlier report. */
export function useSendReport() {
  return useMutation({
    mutationFn: (input: ReportInput) =>
      apiRequest<typeof reportResultSchema>('/api/reports', { method: 'POST', body: input }),
  });
}
