import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { DownloadError, useAction, useGatewayDownload, useGatewayOpen } from '@portal/plugin-api';
import {
  allowedFilter,
  DataTable,
  formatDay,
  formatMonth,
  listQuery,
  monthFilter,
  numberFilter,
  selectFilter,
  useTableState,
} from '@portal/ui';
import type { DataColumn } from '@portal/ui';
import { FolderPicker } from './folder-picker.tsx';
import {
  REPORT_KINDS,
  reportFilePath,
  useDeleteReportMutation,
  useEntityReportsQuery,
  useWalletReportsQuery,
} from './reports-api.ts';
import type { Report } from './reports-api.ts';
import { useT } from './translation.ts';

const PAGE_SIZE = 20;
/** The sorts the gateway knows, the default first. */
const SORTS = ['createdAt', 'title', 'kind', 'period', 'account'] as const;

/**
 * The BI report list of one entity (`accountId`) or of the whole wallet (no `accountId`: a folder column
 * and filter). Kind, period, title search, sort and page live in the address; delete behind the manifest
 * action `biReports.delete`, with the one confirmation.
 */
export function ReportsTable({ accountId }: { accountId?: number }) {
  const { t, language } = useT();
  const wallet = accountId === undefined;
  const canDelete = useAction('biReports.delete');
  const download = useGatewayDownload();
  const open = useGatewayOpen();
  const [remove] = useDeleteReportMutation();
  const [problem, setProblem] = useState<'forbidden' | 'failed' | undefined>(undefined);

  const table = useTableState({
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    filterKeys: ['kind', 'period', 'folder', 'reportId'],
  });
  const kind = allowedFilter(table, 'kind', REPORT_KINDS);
  const period = monthFilter(table, 'period');
  const folder = numberFilter(table, 'folder');
  const highlighted = numberFilter(table, 'reportId');
  const query = {
    ...listQuery(table, SORTS, PAGE_SIZE),
    ...(kind === undefined ? {} : { kind }),
    ...(period === undefined ? {} : { period }),
    ...(table.query.search === '' ? {} : { q: table.query.search }),
  } as const;
  // A deposit made elsewhere shows as soon as the list is opened again.
  const entityResult = useEntityReportsQuery(
    { accountId: accountId ?? 0, ...query },
    { skip: wallet || accountId === 0, refetchOnMountOrArgChange: true },
  );
  const walletResult = useWalletReportsQuery(
    { ...query, ...(folder === undefined ? {} : { accountId: folder }) },
    { skip: !wallet, refetchOnMountOrArgChange: true },
  );
  const result = wallet ? walletResult : entityResult;

  const act = async (work: () => Promise<void>) => {
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(error instanceof DownloadError && error.status === 403 ? 'forbidden' : 'failed');
    }
  };
  const fileName = (report: Report) => `${report.title}.pdf`;

  const columns: DataColumn<Report>[] = [
    {
      key: 'title',
      header: t('columns.title'),
      sortable: true,
      primary: 'title',
      render: (report) => report.title,
    },
    ...(wallet
      ? [
          {
            key: 'account',
            header: t('columns.folder'),
            sortable: true,
            primary: 'field' as const,
            render: (report: Report) => report.accountName,
          },
        ]
      : []),
    {
      key: 'kind',
      header: t('columns.kind'),
      sortable: true,
      primary: 'field',
      render: (report) => t(`kinds.${report.kind}`),
    },
    {
      key: 'period',
      header: t('columns.period'),
      sortable: true,
      primary: 'field',
      render: (report) => formatMonth(report.period, language),
    },
    {
      key: 'createdAt',
      header: t('columns.date'),
      sortable: true,
      primary: 'field',
      render: (report) => formatDay(report.createdAt.slice(0, 10), language),
    },
  ];

  return (
    <Stack gap="sm">
      {problem === undefined ? null : (
        <Alert color="red" variant="light" role="alert">
          {t(`problems.${problem}`)}
        </Alert>
      )}
      <DataTable
        caption={t(wallet ? 'walletReports.caption' : 'entityReports.caption')}
        columns={columns}
        rowKey={(report) => report.id}
        table={table}
        result={result}
        blank={{ title: t('empty') }}
        emptyMessage={t('empty')}
        searchLabel={t('filters.search')}
        highlighted={highlighted}
        filters={[
          ...(wallet
            ? [
                {
                  kind: 'custom',
                  keys: ['folder'],
                  node: (
                    <FolderPicker
                      label={t('filters.folder')}
                      emptyLabel={t('filters.allFolders')}
                      value={folder}
                      onChange={(value) =>
                        table.setFilter('folder', value === undefined ? undefined : String(value))
                      }
                    />
                  ),
                } as const,
              ]
            : []),
          selectFilter(
            'kind',
            { label: t('filters.kind'), allLabel: t('filters.allKinds') },
            REPORT_KINDS,
            (value) => t(`kinds.${value}`),
          ),
          { kind: 'month', key: 'period', label: t('filters.period') },
        ]}
        rowActions={{
          name: (report) => report.title,
          of: (report) => [
            ...(report.hasFile
              ? [
                  {
                    key: 'open',
                    label: t('openShort'),
                    ariaLabel: t('open', { title: report.title }),
                    onSelect: () =>
                      void act(() => open(reportFilePath(report.id), { disposition: 'inline' })),
                  },
                  {
                    key: 'download',
                    label: t('downloadShort'),
                    ariaLabel: t('download', { title: report.title }),
                    onSelect: () =>
                      void act(() =>
                        download(reportFilePath(report.id), { disposition: 'attachment' }, fileName(report)),
                      ),
                  },
                ]
              : []),
            ...(canDelete
              ? [
                  {
                    key: 'delete',
                    label: t('delete.button'),
                    ariaLabel: t('delete.aria', { title: report.title }),
                    danger: true,
                    confirm: {
                      title: t('delete.title'),
                      message: t('delete.message', { title: report.title, folder: report.accountName }),
                      confirmLabel: t('delete.confirm'),
                      errorMessage: t('delete.failed'),
                      onConfirm: () => remove(report.id).unwrap(),
                    },
                  },
                ]
              : []),
          ],
        }}
      />
    </Stack>
  );
}
