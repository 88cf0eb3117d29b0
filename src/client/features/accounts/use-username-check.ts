import { useCallback, useState } from 'react';
import { isValidUsername, type usernameAvailabilitySchema, usernameMessages } from '@/domain/accounts/username';
import { apiRequest } from '@/client/lib/api';

export type UsernameStatus = 'idle' | 'checking' | 'available' | 'taken' | 'invalid' | 'error';

/** The username is checked on blur and again before saving. */
export function useUsernameCheck() {
  const [status, setStatus] = useState<UsernameStatus>('idle');

  const check = useCallback(async (username: string): Promise<UsernameStatus> => {
    if (!isValidUsername(username)) {
      setStatus('invalid');
      return 'invalid';
    }
    setStatus('checking');
    try {
      const response = await apiRequest<typeof usernameAvailabilitySchema>(
        `/api/accounts/username-availability?username=${encodeURIComponent(username)}`,
      );
      const next: UsernameStatus = response.available
        ? 'available'
        : response.reason === 'invalid'
          ? 'invalid'
          : 'taken';
      setStatus(next);
      return next;
    } catch {
      setStatus('error');
      return 'error';
    }
  }, []);

  const reset = useCallback(() => setStatus('idle'), []);
  return { status, check, reset };
}

export const usernameStatusMessage: Partial<Record<UsernameStatus, string>> = {
  invalid: usernameMessages.invalid,
  taken: usernameMessages.taken,
  error: usernameMessages.checkFailed,
};
