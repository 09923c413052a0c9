import { Anchor, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAction, useEntitySelection, useRouteHref, useSelectedEntity } from '@portal/plugin-api';
import { DataTable, formatDay, OutcomeAlert, PageHeader, StatusBadge, useStatusList } from '@portal/ui';
import type { DataColumn, RowAction } from '@portal/ui';
import { statusOf, useDecideModRequestMutation, useWalletModRequestsQuery } from './offers-api.ts';
import type { ModRequest, ModRequestStatus } from './offers-api.ts';
import { MOD_REQUEST_TONES } from './status-tones.ts';
import { useT } from './translation.ts';

const STATUSES: readonly ModRequestStatus[] = ['pending', 'validated', 'refused'];
const SORTS = ['createdAt', 'accountName', 'status'] as const;
const PAGE_SIZE = 20;

type Outcome = { kind: 'validated' | 'refused' | 'stale' | 'failed'; folder: string; offer: string };

function FolderLink({ request }: { request: ModRequest }) {
  const href = useRouteHref('entity.home', { entityId: request.accountId });
  return href === undefined ? (
    <Text size="sm">{request.accountName}</Text>
  ) : (
    <Anchor component={Link} to={href} size="sm">
      {request.accountName}
    </Anchor>
  );
}

/** MOD (subscription) requests of the collaborator's folders; a holder of COOFF002 validates or refuses them. */
export default function ModRequestsPage() {
  const { t, language } = useT();
  const canDecide = useAction('modRequests.decide');
  const requests = useStatusList(useWalletModRequestsQuery, {
    statuses: STATUSES,
    sorts: SORTS,
    defaultOrder: 'desc',
    pageSize: PAGE_SIZE,
    filter: {
      label: t('modRequests.filter'),
      allLabel: t('modRequests.allStatuses'),
      labelOf: (value) => t(`modRequests.statuses.${value}`),
    },
  });
  const [decide, deciding] = useDecideModRequestMutation();
  const [refusing, setRefusing] = useState<ModRequest | null>(null);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const selectEntity = useEntitySelection();
  const selectedId = useSelectedEntity()?.entity.accountId;

  const send = async (request: ModRequest, decision: 'validated' | 'refused', why = '') => {
    const result = await decide({ id: request.id, decision, ...(why === '' ? {} : { reason: why }) });
    // The session holds the selected entity's summary, whose subscriptions the home's widget rules read:
    // selecting it again is its normal refetch, so its home shows the new set without a reload.
    if (!('error' in result) && decision === 'validated' && request.accountId === selectedId)
      void selectEntity(request.accountId).catch(() => undefined);
    const kind = 'error' in result ? (statusOf(result.error) === 409 ? 'stale' : 'failed') : decision;
    setOutcome({ kind, folder: request.accountName, offer: request.offerName });
    return !('error' in result);
  };

  const columns: DataColumn<ModRequest>[] = [
    {
      key: 'accountName',
      header: t('modRequests.folder'),
      sortable: true,
      primary: 'title',
      render: (row) => (
        <Stack gap={0}>
          <FolderLink request={row} />
          <Text size="xs" c="dimmed">
            {row.accountNumber}
          </Text>
        </Stack>
      ),
    },
    { key: 'offer', header: t('modRequests.offer'), primary: 'field', render: (row) => row.offerName },
    {
      key: 'requester',
      header: t('modRequests.requester'),
      primary: 'field',
      render: (row) => row.requester,
    },
    {
      key: 'status',
      header: t('modRequests.status'),
      sortable: true,
      primary: 'field',
      render: (row) => (
        <Stack gap={0}>
          <StatusBadge
            status={row.status}
            tones={MOD_REQUEST_TONES}
            label={t(`modRequests.statuses.${row.status}`)}
          />
          {row.reason === '' ? null : (
            <Text size="xs" c="dimmed">
              {t('modRequests.reasonShown', { reason: row.reason })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'createdAt',
      header: t('modRequests.createdAt'),
      sortable: true,
      primary: 'field',
      render: (row) => formatDay(row.createdAt.slice(0, 10), language),
    },
    {
      key: 'decidedAt',
      header: t('modRequests.decidedAt'),
      render: (row) => (row.decidedAt === null ? '—' : formatDay(row.decidedAt.slice(0, 10), language)),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title={t('modRequests.title')} description={t('modRequests.intro')} />
      {outcome === null ? null : (
        <OutcomeAlert
          success={outcome.kind === 'validated' || outcome.kind === 'refused'}
          closeLabel={t('close')}
          onClose={() => setOutcome(null)}
        >
          {t(`modRequests.outcome.${outcome.kind}`, { folder: outcome.folder, offer: outcome.offer })}
        </OutcomeAlert>
      )}
      <DataTable
        {...requests}
        caption={t('modRequests.caption')}
        columns={columns}
        rowKey={(row) => row.id}
        blank={{ title: t('modRequests.blank'), reason: t('modRequests.blankReason') }}
        emptyMessage={t('modRequests.empty')}
        searchLabel={t('modRequests.search')}
        {...(canDecide
          ? {
              rowActions: {
                header: t('modRequests.actions'),
                name: (row: ModRequest) => `${row.offerName} · ${row.accountName}`,
                of: (row: ModRequest): RowAction[] =>
                  row.status === 'pending'
                    ? [
                        {
                          key: 'validate',
                          label: t('modRequests.validate'),
                          ariaLabel: t('modRequests.validateFor', {
                            offer: row.offerName,
                            folder: row.accountName,
                          }),
                          variant: 'filled',
                          loading: deciding.isLoading && deciding.originalArgs?.id === row.id,
                          onSelect: () => void send(row, 'validated'),
                        },
                        {
                          key: 'refuse',
                          label: t('modRequests.refuse'),
                          ariaLabel: t('modRequests.refuseFor', {
                            offer: row.offerName,
                            folder: row.accountName,
                          }),
                          variant: 'default',
                          onSelect: () => {
                            setRefusing(row);
                            setReason('');
                            setReasonMissing(false);
                          },
                        },
                      ]
                    : [],
              },
            }
          : {})}
      />
      {refusing === null ? null : (
        <Modal
          opened
          onClose={() => setRefusing(null)}
          title={t('modRequests.refuseTitle', { offer: refusing.offerName, folder: refusing.accountName })}
        >
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (reason.trim() === '') {
                setReasonMissing(true);
                return;
              }
              void send(refusing, 'refused', reason.trim()).then((done) => {
                if (done) setRefusing(null);
              });
            }}
          >
            <Stack gap="sm">
              <Textarea
                label={t('modRequests.reason')}
                required
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                error={reasonMissing ? t('modRequests.reasonRequired') : undefined}
                maxLength={500}
                autosize
                minRows={3}
                data-autofocus
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setRefusing(null)}>
                  {t('cancel')}
                </Button>
                <Button type="submit" color="red" loading={deciding.isLoading}>
                  {t('modRequests.confirmRefuse')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
      )}
    </Stack>
  );
}
