import { useQuery } from '@tanstack/react-query';
import { BellOff, Check, CheckCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { notificationMessages, notificationTarget, type Notification } from '@/domain/notifications/notifications';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { LoadingState } from '@/client/components/ui/load-states';
import { formatDateTime } from '@/client/lib/format';
import { notificationListQuery, useMarkNotificationRead } from '@/client/api/notifications';
import { cn } from '@/client/lib/cn';
import { useNotificationActions } from '@/client/api/notifications';
import { Section } from '@/client/components/ui/section';
import { NotificationText, SenderMark } from './notification-text';

const DELETE_FAILED = 'Failed to delete notification';

/** The feed shows up to the API's 100 newest. */
const FEED_LIMIT = 100;

/** The activity feed: every notification with its time; unread ones highlighted. */
export function ActivityTab({ title = 'Activity' }: { title?: string }) {
  const list = useQuery(notificationListQuery(FEED_LIMIT));
  const markRead = useMarkNotificationRead();
  const actions = useNotificationActions();
  const [isDeleteAllOpen, setDeleteAllOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const remove = (id: string) => {
    setFailure(null);
    setDeleting((current) => new Set(current).add(id));
    actions.remove.mutate(id, {
      onError: () => setFailure(DELETE_FAILED),
      onSettled: () =>
        setDeleting((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        }),
    });
  };
  const notifications = list.data ?? [];
  const hasUnread = notifications.some((notification) => !notification.readAt);

  return (
    <Section
      title={title}
      actions={
        notifications.length ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={!hasUnread || actions.markAllRead.isPending}
              onClick={() => actions.markAllRead.mutate()}
            >
              <CheckCheck className="h-4 w-4" aria-hidden />
              Mark All as Read
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDeleteAllOpen(true)}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Delete All
            </Button>
          </div>
        ) : null
      }
    >
      {failure && !isDeleteAllOpen ? (
        <Alert tone="error" className="mb-4">
          {failure}
        </Alert>
      ) : null}
      {list.isPending ? (
        <LoadingState label="Loading notifications..." />
      ) : notifications.length === 0 ? (
        <div className="py-10 text-center text-slate-600 dark:text-slate-400">
          <BellOff className="mx-auto mb-3 h-10 w-10 text-slate-300 dark:text-slate-600" aria-hidden />
          <p>{notificationMessages.empty}</p>
        </div>
      ) : (
        <ul className="space-y-2" aria-label="Activity">
          {notifications.map((notification) => (
            <ActivityRow
              key={notification.id}
              notification={notification}
              onRead={() => markRead.mutate(notification.id)}
              onDelete={() => remove(notification.id)}
              isDeleting={deleting.has(notification.id)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={isDeleteAllOpen}
        onOpenChange={setDeleteAllOpen}
        title="Delete all notifications?"
        description="This cannot be undone."
        confirmLabel="Delete All"
        busyLabel="Deleting..."
        isBusy={actions.removeAll.isPending}
        error={failure}
        onConfirm={() => {
          setFailure(null);
          actions.removeAll.mutate(undefined, {
            onSuccess: () => setDeleteAllOpen(false),
            onError: () => setFailure(DELETE_FAILED),
          });
        }}
      />
    </Section>
  );
}

function ActivityRow({
  notification,
  onRead,
  onDelete,
  isDeleting,
}: {
  notification: Notification;
  onRead: () => void;
  onDelete: () => void;
  isDeleting: boolean;
}) {
  const isUnread = !notification.readAt;
  const target = notificationTarget(notification);
  const text = <NotificationText notification={notification} />;
  return (
    <li
      className={cn(
        'flex items-start gap-3 rounded-xl px-4 py-3 ring-1',
        isUnread
          ? 'bg-brand-50 ring-brand-200 dark:bg-slate-800 dark:ring-slate-700'
          : 'bg-white ring-slate-200 dark:bg-slate-900 dark:ring-slate-800',
      )}
    >
      <SenderMark notification={notification} size="md" />
      <div className="min-w-0 flex-1">
        <p className={cn('text-sm text-slate-800 dark:text-slate-100', isUnread && 'font-semibold')}>
          {target ? (
            <Link to={target} onClick={isUnread ? onRead : undefined} className="hover:underline">
              {text}
            </Link>
          ) : (
            text
          )}
          {isUnread ? <span className="sr-only"> (unread)</span> : null}
        </p>
        <time dateTime={notification.createdAt} className="text-xs text-slate-600 dark:text-slate-300">
          {formatDateTime(notification.createdAt)}
        </time>
      </div>
      <div className="flex shrink-0 flex-wrap justify-end gap-1">
        {isUnread ? (
          <Button size="sm" variant="ghost" onClick={onRead}>
            <Check className="h-4 w-4" aria-hidden />
            Mark as Read
          </Button>
        ) : null}
        <Button
          size="icon"
          variant="ghost"
          className="h-8 w-8 text-slate-500 hover:text-red-600"
          aria-label={`Delete notification: ${notification.message}`}
          disabled={isDeleting}
          onClick={onDelete}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </li>
  );
}
