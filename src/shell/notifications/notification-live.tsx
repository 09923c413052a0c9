import { useEffect, useRef, useState } from 'react';
import { readGatewayConfig } from '../../api/base-query.ts';
import { resolveServicePath } from '../../api/service-path.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { notificationArrived, notificationsCounted } from '../../store/session-slice.ts';
import { type StreamState, watchNotificationStream } from './notification-stream.ts';
import {
  NOTIFICATION_STREAM_PATH,
  type NotificationList,
  notificationsApi,
  type PortalNotification,
  useNotificationsQuery,
} from './notifications-api.ts';

/** How often the list is read again while the event stream is down. */
const POLLING_MS = 15_000;

/** How long after the bell mounts the stream opens (the page's own calls settle first). */
const STREAM_START_MS = 3_000;

/** The session's count follows the list whenever it is read (the bell shows the session's count). */
export function useCountFromList(listed: NotificationList | undefined): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (listed === undefined) return;
    const newestId = listed.items.length === 0 ? null : Math.max(...listed.items.map((item) => item.id));
    dispatch(notificationsCounted({ unreadCount: listed.unreadCount, newestId }));
  }, [dispatch, listed]);
}

/**
 * Keeps the count and the list current: pushes from the event stream into the session's count and the
 * list's cache, and says whether it is live. The stream starts after the newest notification known, so
 * nothing recorded in between is lost.
 */
function useLiveNotifications(): StreamState {
  const dispatch = useAppDispatch();
  const newest = useAppSelector((state) => {
    const held = notificationsApi.endpoints.notifications.select()(state).data;
    const listed = held === undefined ? null : Math.max(0, ...held.items.map((item) => item.id));
    const counted = state.session.notifications?.newestId ?? null;
    return listed === null ? counted : Math.max(listed, counted ?? 0);
  });
  const newestRef = useRef(newest);
  useEffect(() => {
    newestRef.current = newest;
  }, [newest]);
  const [state, setState] = useState<StreamState>('live');
  useEffect(
    () =>
      watchNotificationStream({
        connect: async () => {
          const config = dispatch(readGatewayConfig());
          if (config === null) return null;
          const url = new URL(
            resolveServicePath(NOTIFICATION_STREAM_PATH, config.services ?? {}),
            new URL(config.gatewayBaseUrl, window.location.origin),
          );
          if (newestRef.current !== null) url.searchParams.set('after', String(newestRef.current));
          // No token (the session is ending or ended in this tab): nothing is opened, nothing answers 401.
          const token = await config.refresher.ensureFreshToken();
          return token === null ? null : { url: url.href, token };
        },
        onNotification: (payload) => {
          const notification = payload as PortalNotification;
          dispatch(notificationArrived({ id: notification.id, read: notification.read }));
          dispatch(
            notificationsApi.util.updateQueryData('notifications', undefined, (draft) => {
              if (draft.items.some((item) => item.id === notification.id)) return;
              draft.items.unshift(notification);
              if (!notification.read) draft.unreadCount += 1;
            }),
          );
        },
        onStateChange: setState,
        startDelayMs: STREAM_START_MS,
      }),
    [dispatch],
  );
  return state;
}

/**
 * The bell's live part, with it on every signed-in page and drawing nothing: the event stream, and the
 * list read at once when the user context brought no count, or every POLLING_MS while the stream is down.
 * The centre (its popover and list) loads only when the person reaches for the bell.
 */
export default function NotificationLive() {
  const stream = useLiveNotifications();
  const counted = useAppSelector((state) => state.session.notifications !== null);
  const list = useNotificationsQuery(undefined, {
    skip: counted && stream === 'live',
    pollingInterval: stream === 'live' ? 0 : POLLING_MS,
    skipPollingIfUnfocused: true,
  });
  useCountFromList(list.data);
  return null;
}
