import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@/domain/accounts/account-data';
import type { messageSchema } from '@/domain/api-error';
import { ApiError, apiRequest, readErrorBody } from '@/client/lib/api';

// The user's own data: the export file and deleting the account.

const EXPORT_PATH = '/api/accounts/me/export';

/** Fetches the export as a file: its bytes and the name the server gave it. */
async function fetchExport(): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetch(EXPORT_PATH, { credentials: 'same-origin' });
  if (!response.ok) {
    throw new ApiError(response.status, readErrorBody(await response.json().catch(() => null)));
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'ticklist.json';
  return { blob: await response.blob(), fileName };
}

export const useExportMyData = () => useMutation({ mutationFn: fetchExport });

export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiRequest<typeof messageSchema>('/api/accounts/me/delete', { method: 'POST', body: input }),
  });
