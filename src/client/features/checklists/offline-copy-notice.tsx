import { pwaMessages, savedAgo } from '@/domain/offline';
import { Alert } from '@/client/components/ui/alert';

/** Says that the list on screen is the copy kept on this device, and how old it is (`cachedAt`, when it was stored). */
export function OfflineCopyNotice({ cachedAt }: { cachedAt: string }) {
  return (
    <Alert tone="info" className="mt-4 print:hidden">
      {pwaMessages.copyFromDevice(savedAgo(cachedAt, new Date()))}
    </Alert>
  );
}
