import { queueMessages } from '@/domain/offline-messages';
import { useIsOnline, useWaitingCount } from '@/client/lib/offline/status';

/**
 * The header's strip while the browser is offline or changes wait on this device to be sent:
 * "Offline · 3 changes waiting". A polite live region, always there so each change is announced,
 * empty and without height otherwise; it never takes the focus.
 */
export function OfflineStatus() {
  const isOnline = useIsOnline();
  const waiting = useWaitingCount();
  const isShown = !isOnline || waiting > 0;
  return (
    <div
      role="status"
      aria-label={queueMessages.label}
      className={isShown ? 'border-t border-amber-200 bg-amber-50 dark:border-amber-900 dark:bg-amber-950' : ''}
    >
      {isShown ? (
        <p className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-3 gap-y-0.5 px-4 py-1 text-xs font-medium text-amber-900 sm:px-6 dark:text-amber-100">
          {isOnline ? null : (
            <span className="flex items-center gap-1.5">
              <span className="h-2 w-2 rounded-full bg-amber-600 dark:bg-amber-400" aria-hidden />
              {queueMessages.offline}
            </span>
          )}
          {waiting > 0 ? <span>{queueMessages.changesWaiting(waiting)}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
