import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  DownloadError,
  useAction,
  useGatewayDownload,
  useGatewayOpen,
  useSelectedEntity,
} from '@portal/plugin-api';
import {
  DataTable,
  formatDay,
  formatFileSize,
  listQuery,
  numberFilter,
  OutcomeAlert,
  PageHeader,
  StatusBadge,
  useTableState,
} from '@portal/ui';
import type { DataColumn } from '@portal/ui';
import {
  syncedFilePath,
  useSyncAccountingDocumentsMutation,
  useSyncedDocumentsQuery,
} from './synced-documents-api.ts';
import type { SyncState, SyncedDocument } from './synced-documents-api.ts';
import { useT } from './translation.ts';

const PAGE_SIZE = 20;
/** The sorts the gateway knows, the default first. */
const SORTS = ['issuedOn', 'name', 'size', 'syncedAt'] as const;
const STATE_TONES = { never: 'neutral', running: 'info', done: 'success', failed: 'danger' } as const;
/** Shown in the browser rather than saved: what every browser displays itself. */
const OPENS_IN_BROWSER = new Set(['application/pdf', 'image/png', 'image/jpeg']);

type Problem = 'forbidden' | 'notFound' | 'failed' | 'syncFailed';
const problemOf = (error: unknown): Problem =>
  error instanceof DownloadError && error.status === 403
    ? 'forbidden'
    : error instanceof DownloadError && error.status === 404
      ? 'notFound'
      : 'failed';

/** The entity's last sync: where the documents come from, when it ran, how it ended. */
function SyncSummary({ sync, language }: { sync: SyncState; language: string }) {
  const { t } = useT();
  if (sync.connection !== 'ready')
    return (
      <Alert variant="light" color="gray" title={t(`documentsV2.connection.${sync.connection}.title`)}>
        {t(`documentsV2.connection.${sync.connection}.text`)}
      </Alert>
    );
  const at = sync.finishedAt ?? sync.startedAt;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="sync-summary">
      <Stack gap={0}>
        <Group gap="sm" wrap="wrap">
          <Text size="sm">{t('documentsV2.source')}</Text>
          <StatusBadge
            status={sync.state}
            tones={STATE_TONES}
            label={t(`documentsV2.states.${sync.state}`)}
          />
          {at === null ? null : (
            <Text size="sm" c="dimmed">
              {t('documentsV2.lastSync', {
                at: new Date(at).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }),
              })}
            </Text>
          )}
        </Group>
        {sync.state === 'failed' && sync.reason !== null ? (
          <Text size="sm" c="red.9">
            {t(`documentsV2.reasons.${sync.reason}`)}
          </Text>
        ) : null}
        {sync.state === 'done' ? (
          <Text size="sm" c="dimmed">
            {t('documentsV2.outcome', { added: sync.added, removed: sync.removed })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * Documents v2: the documents the accounting software holds for the entity, as the gateway's sync found
 * them, with where they come from, the last sync and how it ended, and a sync on demand for those the
 * manifest's action allows. A notification's `documentId` marks the new document.
 */
export default function SyncedDocumentsPage() {
  const { t, language } = useT();
  const selected = useSelectedEntity();
  const accountId = selected?.entity.accountId ?? 0;
  const canSync = useAction('documents.syncAccountingSoftware');
  const download = useGatewayDownload();
  const open = useGatewayOpen();
  const [syncNow, syncing] = useSyncAccountingDocumentsMutation();
  const [problem, setProblem] = useState<Problem | undefined>(undefined);

  const table = useTableState({ defaultSort: 'issuedOn', defaultOrder: 'desc', filterKeys: ['documentId'] });
  const fromLink = numberFilter(table, 'documentId');
  const result = useSyncedDocumentsQuery(
    {
      accountId,
      ...listQuery(table, SORTS, PAGE_SIZE),
      ...(table.query.search === '' ? {} : { q: table.query.search }),
    },
    { skip: accountId === 0 },
  );
  const sync = result.data?.sync;

  const act = async (work: () => Promise<void>) => {
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  const runSync = async () => {
    setProblem(undefined);
    // The run's outcome (done or failed with its reason) shows in the summary once the list is read again.
    const answer = await syncNow(accountId);
    if ('error' in answer) setProblem('syncFailed');
  };

  const columns: DataColumn<SyncedDocument>[] = [
    {
      key: 'name',
      header: t('documentsV2.columns.name'),
      sortable: true,
      primary: 'title',
      render: (doc) => (
        <Text size="sm" fw={500}>
          {doc.name}
        </Text>
      ),
    },
    {
      key: 'issuedOn',
      header: t('documentsV2.columns.issuedOn'),
      sortable: true,
      primary: 'field',
      render: (doc) => formatDay(doc.issuedOn, language),
    },
    {
      key: 'source',
      header: t('documentsV2.columns.source'),
      render: () => t('documentsV2.sourceName'),
    },
    {
      key: 'size',
      header: t('documentsV2.columns.size'),
      sortable: true,
      numeric: true,
      primary: 'field',
      render: (doc) => formatFileSize(doc.size, language),
    },
    {
      key: 'syncedAt',
      header: t('documentsV2.columns.syncedAt'),
      sortable: true,
      render: (doc) => formatDay(doc.syncedAt.slice(0, 10), language),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('documentsV2.title')}
        description={t('documentsV2.intro')}
        action={
          canSync && sync?.connection === 'ready' ? (
            <Button onClick={() => void runSync()} loading={syncing.isLoading}>
              {t('documentsV2.sync')}
            </Button>
          ) : undefined
        }
      />

      {sync === undefined ? null : <SyncSummary sync={sync} language={language} />}

      {problem === undefined ? null : (
        <OutcomeAlert
          success={false}
          closeLabel={t('documentsV2.dismiss')}
          onClose={() => setProblem(undefined)}
        >
          {t(`documentsV2.problems.${problem}`)}
        </OutcomeAlert>
      )}

      <DataTable
        caption={t('documentsV2.title')}
        columns={columns}
        rowKey={(doc) => doc.id}
        table={table}
        result={result}
        blank={{ title: t('documentsV2.empty'), reason: t('documentsV2.blankReason') }}
        emptyMessage={table.query.search === '' ? t('documentsV2.empty') : t('documentsV2.emptyFiltered')}
        searchLabel={t('documentsV2.search')}
        highlighted={fromLink}
        rowActions={{
          name: (doc) => doc.name,
          of: (doc) => [
            ...(OPENS_IN_BROWSER.has(doc.mimeType)
              ? [
                  {
                    key: 'open',
                    label: t('documentsV2.openShort'),
                    ariaLabel: t('documentsV2.open', { name: doc.name }),
                    onSelect: () => void act(() => open(syncedFilePath(doc.id), { disposition: 'inline' })),
                  },
                ]
              : []),
            {
              key: 'download',
              label: t('documentsV2.downloadShort'),
              ariaLabel: t('documentsV2.download', { name: doc.name }),
              onSelect: () =>
                void act(() => download(syncedFilePath(doc.id), { disposition: 'attachment' }, doc.name)),
            },
          ],
        }}
      />
    </Stack>
  );
}
