import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { readGatewayConfig } from '../../api/base-query.ts';
import { resolveServicePath } from '../../api/service-path.ts';
import { useAppDispatch, useAppSelector } from '../../runtime/hooks.ts';
import { useRuntime } from '../../runtime/runtime.tsx';
import { notificationArrived, notificationsCounted } from '../../runtime/session-slice.ts';
import { NavIcon } from '../icons.tsx';
import { notificationLink } from './notification-link.ts';
import { type StreamState, watchNotificationStream } from './notification-stream.ts';
import {
  NOTIFICATIONS_PATH,
  notificationsApi,
  type PortalNotification,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsQuery,
} from './notifications-api.ts';

/** How often the list is read again while the event stream is down. */
const POLLING_MS = 15_000;

/** What happened, in words: the type's sentence and, when the event says it, the document or report. */
function Detail({ notification }: { notification: PortalNotification }) {
  const { t } = useTranslation('notifications');
  const subject = notification.data['name'] ?? notification.data['title'];
  return (
    <>
      <Text size="sm" fw={notification.read ? 400 : 600}>
        {t(`events.${notification.type}`)}
      </Text>
      {subject === undefined ? null : (
        <Text size="sm" c="dimmed" lineClamp={1}>
          {String(subject)}
        </Text>
      )}
    </>
  );
}

/** How long after the bell mounts the stream opens (the page's own calls settle first). */
const STREAM_START_MS = 3_000;

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
            resolveServicePath(`${NOTIFICATIONS_PATH}/stream`, config.services ?? {}),
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
 * The bell of the header and the person's notifications, newest first: what happened, on which entity,
 * when; opening one marks it read and goes to its screen (the manifest's `notifications.links`).
 */
export default function NotificationCentre() {
  const { t, i18n } = useTranslation(['notifications', 'common']);
  const { config, logger } = useRuntime();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const stream = useLiveNotifications();
  const [opened, setOpened] = useState(false);
  const counted = useAppSelector((state) => state.session.notifications);
  // The header shows the count the user context brought: the list is read once the bell is opened (one
  // call fewer on the way in), or at once when the gateway sent no count, or while the stream is down.
  const [listWanted, setListWanted] = useState(counted === null);
  const list = useNotificationsQuery(undefined, {
    skip: !listWanted && stream === 'live',
    pollingInterval: stream === 'live' ? 0 : POLLING_MS,
    skipPollingIfUnfocused: true,
  });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, markingAll] = useMarkAllNotificationsReadMutation();
  const listed = list.data;
  useEffect(() => {
    if (listed === undefined) return;
    const newestId = listed.items.length === 0 ? null : Math.max(...listed.items.map((item) => item.id));
    dispatch(notificationsCounted({ unreadCount: listed.unreadCount, newestId }));
  }, [dispatch, listed]);
  const unread = listed?.unreadCount ?? counted?.unreadCount ?? 0;
  const items = list.data?.items ?? [];
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const open = (notification: PortalNotification) => {
    if (!notification.read) void markRead(notification.id);
    const link = notificationLink(config, logger, notification);
    setOpened(false);
    if (link !== null) void navigate(link);
  };

  return (
    // The count sits outside the popover's target: the target's ARIA attributes belong on the button.
    <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} offset={4}>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} withinPortal trapFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('bell', { count: unread })}
            onClick={() => {
              setListWanted(true);
              setOpened((value) => !value);
            }}
          >
            <NavIcon name="bell" />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs" role="dialog" aria-label={t('title')}>
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Text fw={700}>{t('title')}</Text>
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={unread === 0}
              loading={markingAll.isLoading}
              onClick={() => void markAllRead()}
            >
              {t('markAllRead')}
            </Button>
          </Group>
          {list.isError ? (
            <Group gap="xs">
              <Text size="sm" role="alert">
                {t('loadFailed')}
              </Text>
              <Button size="compact-sm" variant="light" onClick={() => void list.refetch()}>
                {t('common:common.retry')}
              </Button>
            </Group>
          ) : items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {list.isLoading ? t('common:common.loading') : t('empty')}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420} type="auto">
              <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('title')}>
                {items.map((notification) => (
                  <li key={notification.id}>
                    <UnstyledButton
                      onClick={() => open(notification)}
                      p="xs"
                      w="100%"
                      style={{
                        borderRadius: 'var(--mantine-radius-sm)',
                        background: notification.read ? 'none' : 'var(--mantine-color-blue-light)',
                      }}
                    >
                      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                        <div style={{ minWidth: 0 }}>
                          <Detail notification={notification} />
                          <Text size="xs" c="dimmed">
                            {notification.accountName} · {when.format(new Date(notification.createdAt))}
                          </Text>
                        </div>
                        {notification.read ? null : (
                          <Badge size="xs" variant="filled" style={{ flexShrink: 0 }}>
                            {t('unread')}
                          </Badge>
                        )}
                      </Group>
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
