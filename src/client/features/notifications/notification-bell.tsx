import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { notificationMessages, notificationTarget, type Notification } from '@/domain/notifications/notifications';
import { Button } from '@/client/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/client/components/ui/popover';
import { Spinner } from '@/client/components/ui/spinner';
import { formatDateTime } from '@/client/lib/format';
import { cn } from '@/client/lib/cn';
import { notificationListQuery, useMarkNotificationRead } from '@/client/api/notifications';
import { NotificationText, SenderMark } from './notification-text';

/**
 * The bell with its unread badge; the popover loads only when opened and shows at most
 * 10, scrolling within 24rem. Clicking one marks it read and opens what it is about.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const titleId = useId();
  const [isOpen, setOpen] = useState(false);
  const shownCount = unread > 99 ? '99+' : String(unread);
  const list = useQuery({ ...notificationListQuery(), enabled: isOpen });
  const markRead = useMarkNotificationRead();
  const navigate = useNavigate();

  const open = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    setOpen(false);
    const target = notificationTarget(notification);
    if (target) void navigate(target);
  };

  return (
    <Popover open={isOpen} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          // The name starts with the badge's visible text (WCAG 2.5.3 "label in name"), e.g. "3 unread notifications".
          aria-label={
            unread > 0 ? `${shownCount} unread ${unread === 1 ? 'notification' : 'notifications'}` : 'Notifications'
          }
        >
          <Bell className="h-5 w-5" aria-hidden />
          {unread > 0 ? (
            <span
              data-testid="unread-badge"
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
            >
              {shownCount}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80" aria-labelledby={titleId}>
        <div id={titleId} className="border-b border-slate-200 px-4 py-3 text-sm font-semibold dark:border-slate-700">
          Notifications
        </div>
        <div className="max-h-[24rem] overflow-y-auto p-1">
          {list.isPending ? (
            <div className="flex justify-center p-6">
              <Spinner label="Loading notifications" />
            </div>
          ) : list.data?.length ? (
            <ul aria-label="Notifications">
              {list.data.map((notification) => (
                <li key={notification.id}>
                  <button
                    type="button"
                    onClick={() => open(notification)}
                    className={cn(
                      'flex w-full cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800',
                      !notification.readAt && 'bg-brand-50/60 dark:bg-slate-800/60',
                    )}
                  >
                    <SenderMark notification={notification} size="sm" />
                    <span className="min-w-0 flex-1">
                      <span className="block text-slate-800 dark:text-slate-100">
                        <NotificationText notification={notification} />
                      </span>
                      <span className="text-xs text-slate-600 dark:text-slate-400">
                        {formatDateTime(notification.createdAt)}
                      </span>
                    </span>
                    {!notification.readAt ? (
                      <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                        New
                      </span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">{notificationMessages.empty}</p>
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}
