import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { DownloadError, useAction, useGatewayDownload, useGatewayOpen } from '@portal/plugin-api';
import { DataTable, EmptyState, formatDay, formatMonth, isBlankList, useTableState } from '@portal/ui';
import type { DataColumn } from '@portal/ui';
import { FolderPicker } from './folder-picker.tsx';
import {
  REPORT_KINDS,
  reportFilePath,
  useDeleteReportMutation,
  useEntityReportsQuery,
  useWalletReportsQuery,
} from './reports-api.ts';
import type { Report, ReportKind } from './reports-api.ts';
import { useT } from './translation.ts';

const PAGE_SIZE = 20;
const SORTS = ['title', 'kind', 'period', 'createdAt', 'account'] as const;
type Sort = (typeof SORTS)[number];
const isSort = (value: string | undefined): value is Sort => SORTS.some((sort) => sort === value);
const isKind = (value: string | undefined): value is ReportKind =>
  REPORT_KINDS.some((kind) => kind === value);

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
  const { filters } = table.query;
  const kind = isKind(filters['kind']) ? filters['kind'] : undefined;
  const period =
    filters['period'] !== undefined && /^\d{4}-\d{2}$/.test(filters['period'])
      ? filters['period']
      : undefined;
  const folder =
    filters['folder'] !== undefined && /^\d+$/.test(filters['folder'])
      ? Number(filters['folder'])
      : undefined;
  const highlighted =
    filters['reportId'] !== undefined && /^\d+$/.test(filters['reportId'])
      ? Number(filters['reportId'])
      : undefined;
  const query = {
    sort: isSort(table.query.sort) ? table.query.sort : 'createdAt',
    order: table.query.order,
    page: table.query.page,
    pageSize: PAGE_SIZE,
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
      {isBlankList(table.query, result) ? (
        <EmptyState title={t('empty')} />
      ) : (
        <DataTable
          caption={t(wallet ? 'walletReports.caption' : 'entityReports.caption')}
          columns={columns}
          rowKey={(report) => report.id}
          table={table}
          result={result}
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
            {
              kind: 'select',
              key: 'kind',
              label: t('filters.kind'),
              allLabel: t('filters.allKinds'),
              options: REPORT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) })),
            },
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
                          download(
                            reportFilePath(report.id),
                            { disposition: 'attachment' },
                            fileName(report),
                          ),
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
      )}
    </Stack>
  );
}
