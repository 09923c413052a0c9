import { Button, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAction, useConstant, useFlag } from '@portal/plugin-api';
import { DataTable, formatDay, OutcomeAlert, PageHeader, StatusBadge, useStatusList } from '@portal/ui';
import type { DataColumn, StatusTone } from '@portal/ui';
import { useSetMandateStatusMutation, useWalletMandatesQuery } from './portfolio-api.ts';
import type { Mandate, MandateStatus } from './portfolio-api.ts';
import { useT } from './translation.ts';

const STATUSES: readonly MandateStatus[] = ['draft', 'pending', 'active', 'suspended', 'revoked'];
// How each status reads (docs/ui.md): a mandate in force is good news, one stopped is not.
const TONES: Readonly<Record<MandateStatus, StatusTone>> = {
  draft: 'neutral',
  pending: 'info',
  active: 'success',
  suspended: 'warning',
  revoked: 'danger',
};
const PAGE_SIZE = 20;
const SORTS = ['startsOn', 'accountName', 'status'] as const;

type Outcome = { kind: 'saved' | 'stale' | 'failed'; name: string } | null;

/** The mandates of the collaborator's folders, filtered by status; a status change is one select away. */
export default function MandatesPage() {
  const { t, language } = useT();
  const canChange = useAction('mandates.changeStatus');
  const toolOn = useFlag('mandateRedirectionTool');
  const toolUrl = useConstant('mandateToolUrl');
  const statusLabel = (value: MandateStatus) => t(`mandates.status.${value}`);
  const mandates = useStatusList(useWalletMandatesQuery, {
    statuses: STATUSES,
    sorts: SORTS,
    defaultOrder: 'desc',
    pageSize: PAGE_SIZE,
    filter: { label: t('mandates.filter'), allLabel: t('mandates.allStatuses'), labelOf: statusLabel },
  });
  const [setStatus] = useSetMandateStatusMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const change = async (mandate: Mandate, next: MandateStatus) => {
    const name = `${mandate.type} · ${mandate.accountName}`;
    const result = await setStatus({ id: mandate.id, status: next, version: mandate.version });
    if (!('error' in result)) setOutcome({ kind: 'saved', name });
    else {
      const error = result.error;
      setOutcome({
        kind: typeof error === 'object' && 'status' in error && error.status === 409 ? 'stale' : 'failed',
        name,
      });
    }
  };

  const columns: DataColumn<Mandate>[] = [
    {
      key: 'accountName',
      header: t('mandates.folder'),
      sortable: true,
      primary: 'title',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.accountName}</Text>
          <Text size="xs" c="dimmed">
            {row.accountNumber}
          </Text>
        </Stack>
      ),
    },
    { key: 'type', header: t('mandates.type'), primary: 'field', render: (row) => row.type },
    {
      key: 'status',
      header: t('mandates.statusHeader'),
      sortable: true,
      // The live select is a labelled field of the card, where it has the width to be used.
      primary: 'field',
      render: (row) =>
        canChange ? (
          <NativeSelect
            size="xs"
            aria-label={t('mandates.changeStatus', { type: row.type, name: row.accountName })}
            value={row.status}
            onChange={(event) => {
              const next = STATUSES.find((value) => value === event.currentTarget.value);
              if (next !== undefined) void change(row, next);
            }}
            data={STATUSES.map((value) => ({ value, label: statusLabel(value) }))}
          />
        ) : (
          <StatusBadge status={row.status} tones={TONES} label={statusLabel(row.status)} />
        ),
    },
    {
      key: 'startsOn',
      header: t('mandates.startsOn'),
      sortable: true,
      primary: 'field',
      render: (row) => formatDay(row.startsOn, language),
    },
    {
      key: 'endsOn',
      header: t('mandates.endsOn'),
      render: (row) => (row.endsOn === null ? t('mandates.noEnd') : formatDay(row.endsOn, language)),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('mandates.title')}
        description={t('mandates.intro')}
        {...(toolOn && toolUrl !== undefined
          ? {
              action: (
                <Button
                  component="a"
                  href={toolUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="light"
                >
                  {t('mandates.tool')}
                </Button>
              ),
            }
          : {})}
      />
      {outcome === null ? null : (
        <OutcomeAlert
          success={outcome.kind === 'saved'}
          closeLabel={t('close')}
          onClose={() => setOutcome(null)}
        >
          {t(`mandates.outcome.${outcome.kind}`, { name: outcome.name })}
        </OutcomeAlert>
      )}
      <DataTable
        {...mandates}
        caption={t('mandates.caption')}
        columns={columns}
        rowKey={(row) => row.id}
        blank={{ title: t('mandates.blank'), reason: t('mandates.blankReason') }}
        emptyMessage={t('mandates.empty')}
        searchLabel={t('mandates.search')}
      />
    </Stack>
  );
}
