import { Badge, Button, Group, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRuntime } from '../../plugin-host/runtime.tsx';
import { useTakeOver } from '../load-on-intent.ts';
import { NotificationBellButton, useUnreadCount } from './notification-bell-button.tsx';
import { useAppSelector } from '../../store/hooks.ts';
import { notificationLink } from './notification-link.ts';
import { notificationSentence, type Translate } from './notification-sentence.ts';
import { useCountFromList } from './notification-live.tsx';
import {
  type PortalNotification,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsQuery,
} from './notifications-api.ts';

/** Who did what to what, in words; and the document, report or rights it is about when there is one. */
function Detail({ notification }: { notification: PortalNotification }) {
  const { t } = useTranslation('notifications');
  const { config } = useRuntime();
  const me = useAppSelector((state) => state.session.user?.id ?? null);
  const said = notificationSentence(notification, me, t as unknown as Translate, config);
  return (
    <>
      <Text size="sm" fw={notification.read ? 400 : 600}>
        {said.sentence}
      </Text>
      {said.detail === null ? null : (
        <Text size="sm" c="dimmed" lineClamp={1}>
          {said.detail}
        </Text>
      )}
    </>
  );
}

/**
 * The person's notifications, newest first, in the bell's popover: what happened, on which entity, when;
 * opening one marks it read and goes to its screen (the manifest's `notifications.links`). The bell shows
 * its button until this chunk arrives, and this shows once the bell is pressed, open; `focused`: the
 * button had the focus, which the popover's target takes over.
 */
export default function NotificationCentre({ focused }: { focused: boolean }) {
  const { t, i18n } = useTranslation(['notifications', 'common']);
  const { config, logger } = useRuntime();
  const navigate = useNavigate();
  const { target, opened, setOpened } = useTakeOver(focused);
  // Read once the bell is pressed (until then the header shows the count the user context brought).
  const list = useNotificationsQuery();
  useCountFromList(list.data);
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, markingAll] = useMarkAllNotificationsReadMutation();
  const unread = useUnreadCount();
  const items = list.data?.items ?? [];
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const open = (notification: PortalNotification) => {
    if (!notification.read) void markRead(notification.id);
    const link = notificationLink(config, logger, notification);
    setOpened(false);
    if (link !== null) void navigate(link);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      withinPortal
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <NotificationBellButton ref={target} onClick={() => setOpened(!opened)} />
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
  );
}
