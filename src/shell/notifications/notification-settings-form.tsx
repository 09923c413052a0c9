import { Alert, Button, Group, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationEventType } from '../../../kernel/contract/api.ts';
import { useRuntime } from '../../plugin-host/runtime.tsx';
import {
  type NotificationSettings,
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
} from './notifications-api.ts';

type Outcome = 'saved' | 'failed' | null;
type Channel = 'email' | 'inApp';

/**
 * The notification settings drawer's content: favourites only, then per event type of the manifest an
 * e-mail and an in-app switch. A failed save keeps the switches as the person set them (SPEC 8 messages).
 */
export default function NotificationSettingsForm() {
  const { t } = useTranslation(['notifications', 'common']);
  const { config } = useRuntime();
  const stored = useNotificationSettingsQuery();
  const [save, saving] = useSaveNotificationSettingsMutation();
  // Null until the person changes a switch: until then the form shows what is stored.
  const [edited, setEdited] = useState<NotificationSettings | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const draft = edited ?? stored.data ?? null;

  if (stored.isError && draft === null)
    return (
      <Stack>
        <Text role="alert">{t('settings.loadFailed')}</Text>
        <Button variant="light" onClick={() => void stored.refetch()}>
          {t('common:common.retry')}
        </Button>
      </Stack>
    );
  if (draft === null) return <Skeleton height={320} aria-label={t('common:common.loading')} />;

  const types = config.notifications.eventTypes.filter(
    (type): type is NotificationEventType => type in draft.types,
  );
  const channels = config.notifications.channels;
  const change = (next: NotificationSettings) => {
    setEdited(next);
    setOutcome(null);
  };
  const setChannel = (type: NotificationEventType, channel: Channel, on: boolean) =>
    change({ ...draft, types: { ...draft.types, [type]: { ...draft.types[type], [channel]: on } } });

  const submit = async () => {
    try {
      await save(draft).unwrap();
      setOutcome('saved');
    } catch {
      setOutcome('failed');
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Switch
          checked={draft.favouritesOnly}
          onChange={(event) => change({ ...draft, favouritesOnly: event.currentTarget.checked })}
          label={t('settings.favouritesOnly')}
          description={t('settings.favouritesOnlyHint')}
        />
        <Table>
          <Table.Caption>{t('settings.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('settings.event')}</Table.Th>
              {channels.map((channel) => (
                // A channel name never breaks: "E-mail" would otherwise split at its hyphen in the drawer.
                <Table.Th key={channel} scope="col" style={{ whiteSpace: 'nowrap' }}>
                  {t(`settings.${channel}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {types.map((type) => (
              <Table.Tr key={type}>
                <Table.Th scope="row" fw={400}>
                  {t(`types.${type}`)}
                </Table.Th>
                {channels.map((channel) => (
                  <Table.Td key={channel}>
                    <Switch
                      checked={draft.types[type][channel]}
                      onChange={(event) => setChannel(type, channel, event.currentTarget.checked)}
                      aria-label={t('settings.switch', {
                        channel: t(`settings.${channel}`),
                        event: t(`types.${type}`),
                      })}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {outcome === 'saved' ? (
          <Alert color="green" role="status">
            {t('common:notifications.saveSuccess')}
          </Alert>
        ) : null}
        {outcome === 'failed' ? (
          <Alert color="red" role="alert">
            {t('common:notifications.saveFailure')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={saving.isLoading}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
