import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  NOTIFICATION_POPOVER_LIMIT,
  type notificationListSchema,
  type unreadCountSchema,
} from '@/domain/notifications/notifications';
import { reconnectDelay } from '@/domain/social/reconnect';
import type { okSchema } from '@/domain/api-error';
import { apiRequest } from '@/client/lib/api';
import { activityKeys, badgeKeys, notificationKeys } from './query-keys';
import { sessionQuery } from './session';

/** An unread-count failure shows 0. */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) =>
      apiRequest<typeof unreadCountSchema>('/api/notifications/unread-count', { signal })
        .then((response) => response.unread)
        .catch(() => 0),
  });

/** A notification list failure shows an empty list. */
export const notificationListQuery = (limit = NOTIFICATION_POPOVER_LIMIT) =>
  queryOptions({
    queryKey: notificationKeys.list(limit),
    queryFn: ({ signal }) =>
      apiRequest<typeof notificationListSchema>(`/api/notifications?limit=${limit}`, { signal })
        .then((response) => response.notifications)
        .catch(() => []),
  });

/** An event's data as JSON, or null when it is not JSON. */
function eventData(event: Event): unknown {
  try {
    return JSON.parse((event as MessageEvent<string>).data);
  } catch {
    return null;
  }
}

/** Why the server closed a stream for good (`signed_out`, `too_many_streams`), if it said. */
function closedReason(event: Event): string | null {
  const data = eventData(event) as { reason?: unknown } | null;
  return typeof data?.reason === 'string' ? data.reason : null;
}

/** The count an `unread` event carries (`unreadCountSchema`), or null when it carries none. */
function unreadCount(event: Event): number | null {
  const data = eventData(event) as { unread?: unknown } | null;
  return Number.isInteger(data?.unread) ? (data!.unread as number) : null;
}

/**
 * The unread count, live from the server's event stream: each `unread` event replaces the
 * cached count (and marks the list stale). On a broken or ended stream it reconnects after 1, 2,
 * 5, then 10 s; a stream the server closed for good (`closed`) stays closed, unless this
 * browser still has a session (a password changed here gives it a new one).
 */
export function useLiveUnreadCount(isSignedIn: boolean): number {
  const queryClient = useQueryClient();
  const unread = useQuery({ ...unreadCountQuery(), enabled: isSignedIn });

  useEffect(() => {
    if (!isSignedIn || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let attempt = 0;
    let timer: number | undefined;
    let isStopped = false;
    const connect = () => {
      source = new EventSource('/api/notifications/stream');
      source.addEventListener('open', () => {
        attempt = 0;
      });
      source.addEventListener('unread', (event) => {
        const unread = unreadCount(event);
        if (unread === null) return;
        queryClient.setQueryData(notificationKeys.unread, unread);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
        // A notification may also be a badge, and both show on the dashboard.
        void queryClient.invalidateQueries({ queryKey: activityKeys.all });
        void queryClient.invalidateQueries({ queryKey: badgeKeys.all });
      });
      // This tab's stream gave way to newer ones (the server keeps five per user): stay closed. The
      // session it was opened with ended: ask who is signed in now; a password changed on this device
      // left it a fresh session, so the stream opens again with that, otherwise the page learns it
      // was signed out. An ended stream otherwise (`reconnect`, at the latest hourly) reconnects.
      source.addEventListener('closed', (event) => {
        source?.close();
        if (closedReason(event) !== 'signed_out') {
          isStopped = true;
          return;
        }
        void queryClient
          .fetchQuery({ ...sessionQuery(), staleTime: 0 })
          .catch(() => null)
          .then((session) => {
            if (isStopped) return;
            if (session?.user) connect();
            else isStopped = true;
          });
      });
      source.addEventListener('error', () => {
        source?.close();
        if (isStopped) return;
        timer = window.setTimeout(connect, reconnectDelay(attempt++));
      });
    };
    connect();
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      source?.close();
    };
  }, [isSignedIn, queryClient]);

  return isSignedIn ? (unread.data ?? 0) : 0;
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<typeof unreadCountSchema>(`/api/notifications/${id}/read`, { method: 'POST' }),
    onSuccess: (response) => queryClient.setQueryData(notificationKeys.unread, response.unread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists }),
  });
}

/** The Activity feed's writes; the unread count follows each. */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const setUnread = (response: { unread: number }) =>
    queryClient.setQueryData(notificationKeys.unread, response.unread);
  return {
    markAllRead: useMutation({
      mutationFn: () => apiRequest<typeof unreadCountSchema>('/api/notifications/read-all', { method: 'POST' }),
      onSuccess: setUnread,
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiRequest<typeof okSchema>(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      onSettled: refresh,
    }),
    removeAll: useMutation({
      mutationFn: () => apiRequest<typeof okSchema>('/api/notifications', { method: 'DELETE' }),
      onSettled: refresh,
    }),
  };
}
