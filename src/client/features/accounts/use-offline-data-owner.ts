import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQuery } from '@/client/api/session';
import { readDeviceOwner } from '@/client/lib/offline/device-owner';

/**
 * The lists and changes kept on this device belong to the user the server says is signed in: when
 * it names someone else, or nobody, what the last one left is cleared at once; a signed-in user's
 * lists are then fetched ahead for use offline. Only an answer counts: a session that could not be
 * checked changes nothing.
 */
export function useOfflineDataOwner() {
  const session = useQuery(sessionQuery());
  const isAnswered = session.isSuccess;
  const userId = session.data?.user.id ?? null;
  const email = session.data?.user.email ?? null;

  useEffect(() => {
    if (!isAnswered) return;
    // A visitor on a device nobody signed in on: nothing to clear or fetch, and no code to load.
    if (userId === null && readDeviceOwner() === null) return;
    void import('@/client/lib/offline/device')
      .then(({ keepOfflineDataFor }) => keepOfflineDataFor(userId && email ? { id: userId, email } : null))
      .catch((error: unknown) => console.warn('Offline lists not kept', error));
  }, [isAnswered, userId, email]);
}
