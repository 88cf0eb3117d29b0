import { useSyncExternalStore } from 'react';
import { pwaMessages, savedAgo } from '@/domain/offline';
import { Alert } from '@/client/components/ui/alert';

function subscribeToConnection(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Says that the list on screen is the copy kept on this device, and how old it is (`cachedAt`,
 * when it was stored): offline, or because Ticklist did not respond in time.
 */
export function OfflineCopyNotice({ cachedAt }: { cachedAt: string }) {
  const isOnline = useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
  const ago = savedAgo(cachedAt, new Date());
  return (
    <Alert tone="info" className="mt-4 print:hidden">
      {isOnline ? pwaMessages.copyWhileUnreachable(ago) : pwaMessages.copyWhileOffline(ago)}
    </Alert>
  );
}
