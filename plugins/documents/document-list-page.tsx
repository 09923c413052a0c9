import { Button, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  DownloadError,
  useAction,
  useConstant,
  useGatewayDownload,
  useGatewayOpen,
  useGatewayUpload,
  useRouteMeta,
  useSelectedEntity,
} from '@portal/plugin-api';
import {
  DataTable,
  FileUpload,
  formatDay,
  formatFileSize,
  formatMonth,
  listQuery,
  monthFilter,
  numberFilter,
  OutcomeAlert,
  PageHeader,
  useTableState,
} from '@portal/ui';
import type { DataColumn } from '@portal/ui';
import {
  documentFilePath,
  documentsPath,
  documentsTag,
  documentsZipPath,
  useDocumentPageQuery,
} from './documents-api.ts';
import type { DocumentKind, PortalDocument } from './documents-api.ts';
import { mailDropAction } from './mail-drop.ts';
import { useT } from './translation.ts';

const PAGE_SIZE = 20;
/** The sorts the gateway knows, the default first. */
const SORTS = ['createdAt', 'name', 'kind', 'period', 'size', 'uploadedBy'] as const;

/** The manifest action that lets a person add files of each kind (same codes as the gateway's). */
const UPLOAD_ACTION: Readonly<Record<DocumentKind, string>> = {
  legacy: 'documents.upload.legacy',
  accounting: 'documents.upload.accounting',
  'social-management': 'documents.upload.socialManagement',
};

/** Shown in the browser rather than saved: what every browser displays itself. */
const OPENS_IN_BROWSER = new Set(['application/pdf', 'image/png', 'image/jpeg']);

type Problem = 'forbidden' | 'notFound' | 'failed';
const problemOf = (error: unknown): Problem =>
  error instanceof DownloadError && error.status === 403
    ? 'forbidden'
    : error instanceof DownloadError && error.status === 404
      ? 'notFound'
      : 'failed';

/**
 * The one document list: legacy documents, the accounting archive, accounting documents v2 and social
 * management, by the route's `gedContext`. Sort, filters and page live in the address; a notification's
 * `documentId` marks the new document.
 */
export default function DocumentListPage() {
  const { t, language } = useT();
  const kind: DocumentKind = useRouteMeta().gedContext ?? 'legacy';
  const selected = useSelectedEntity();
  const accountId = selected?.entity.accountId ?? 0;
  const canUpload = useAction(UPLOAD_ACTION[kind]);
  const showMailDrop = useAction(mailDropAction(kind));
  const rules = useConstant('documents');
  const download = useGatewayDownload();
  const open = useGatewayOpen();
  const upload = useGatewayUpload();

  const table = useTableState({
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    filterKeys: ['period', 'documentId'],
  });
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [justAdded, setJustAdded] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  const [zipping, setZipping] = useState(false);

  const period = monthFilter(table, 'period');
  const fromLink = numberFilter(table, 'documentId');

  const result = useDocumentPageQuery(
    {
      accountId,
      kind,
      ...listQuery(table, SORTS, PAGE_SIZE),
      ...(period === undefined ? {} : { period }),
      ...(table.query.search === '' ? {} : { q: table.query.search }),
    },
    { skip: accountId === 0 },
  );
  const documents = result.data?.items ?? [];
  const nameOf = (id: number) => documents.find((doc) => doc.id === id)?.name ?? String(id);

  const act = async (work: () => Promise<void>) => {
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  const openDocument = (doc: PortalDocument) =>
    act(() => open(documentFilePath(doc.id), { disposition: 'inline' }));
  const downloadDocument = (doc: PortalDocument) =>
    act(() => download(documentFilePath(doc.id), { disposition: 'attachment' }, doc.name));
  const downloadZip = async () => {
    setZipping(true);
    const number = selected?.entity.accountNumber ?? String(accountId);
    await act(() =>
      download(
        documentsZipPath(accountId),
        { ids: [...chosen].join(',') },
        `${t('zip.fileName')}-${number}.zip`,
      ),
    );
    setZipping(false);
  };

  const columns: DataColumn<PortalDocument>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      sortable: true,
      primary: 'title',
      // Wraps between words only: a name is never cut to a few letters to make room for other columns.
      render: (doc) => (
        <Text size="sm" fw={500}>
          {doc.name}
        </Text>
      ),
    },
    { key: 'kind', header: t('columns.kind'), sortable: true, render: (doc) => t(`kinds.${doc.kind}`) },
    {
      key: 'period',
      header: t('columns.period'),
      sortable: true,
      primary: 'field',
      render: (doc) => formatMonth(doc.period, language),
    },
    {
      key: 'createdAt',
      header: t('columns.date'),
      sortable: true,
      primary: 'field',
      render: (doc) => formatDay(doc.createdAt.slice(0, 10), language),
    },
    {
      key: 'size',
      header: t('columns.size'),
      sortable: true,
      numeric: true,
      primary: 'field',
      render: (doc) => formatFileSize(doc.size, language),
    },
    { key: 'uploadedBy', header: t('columns.uploadedBy'), sortable: true, render: (doc) => doc.uploadedBy },
  ];

  return (
    <Stack gap="lg">
      <PageHeader title={t(`titles.${kind}`)} description={t(`intros.${kind}`)} />

      {showMailDrop && result.data ? (
        <Paper withBorder p="sm" radius="md">
          <Group gap="sm" wrap="wrap">
            <Text size="sm">{t('mailDrop.text')}</Text>
            <Text size="sm" ff="monospace" fw={600} data-testid="mail-drop-address">
              {result.data.mailDropAddress}
            </Text>
            {/* The button's own label says it is copied (and a live region tells screen readers); no tooltip,
                whose floating-position code would land in a chunk the entity home loads. */}
            <CopyButton value={result.data.mailDropAddress}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy} aria-label={t('mailDrop.copy')}>
                  <span aria-live="polite">{copied ? t('mailDrop.copied') : t('mailDrop.copyShort')}</span>
                </Button>
              )}
            </CopyButton>
          </Group>
        </Paper>
      ) : null}

      {canUpload ? (
        <FileUpload
          label={t('upload.title')}
          // A receipt or an invoice on paper: a photo is often the document.
          camera
          rules={rules}
          upload={(file, options) => {
            const form = new FormData();
            form.append('file', file);
            return upload(documentsPath(accountId), { kind }, form, {
              ...options,
              invalidates: [documentsTag(accountId, kind)],
            });
          }}
          onUploaded={(answer) => {
            if (
              typeof answer === 'object' &&
              answer !== null &&
              'id' in answer &&
              typeof answer.id === 'number'
            )
              setJustAdded(answer.id);
          }}
        />
      ) : null}

      {problem === undefined ? null : (
        <OutcomeAlert success={false} closeLabel={t('dismiss')} onClose={() => setProblem(undefined)}>
          {t(`problems.${problem}`)}
        </OutcomeAlert>
      )}

      <DataTable
        caption={t(`titles.${kind}`)}
        columns={columns}
        rowKey={(doc) => doc.id}
        table={table}
        result={result}
        blank={{
          title: t('empty'),
          reason: t(`blankReasons.${kind}`),
          ...(canUpload ? { hint: t('blankHint') } : {}),
        }}
        emptyMessage={period !== undefined || table.query.search !== '' ? t('emptyFiltered') : t('empty')}
        searchLabel={t('filters.search')}
        highlighted={justAdded ?? fromLink}
        selection={{
          selected: chosen,
          onChange: setChosen,
          rowLabel: (id) => t('select', { name: nameOf(id) }),
        }}
        filters={[
          {
            kind: 'select',
            key: 'period',
            label: t('filters.period'),
            allLabel: t('filters.allPeriods'),
            options: (result.data?.periods ?? []).map((value) => ({
              value,
              label: formatMonth(value, language),
            })),
          },
        ]}
        rowActions={{
          name: (doc) => doc.name,
          of: (doc) => [
            ...(OPENS_IN_BROWSER.has(doc.mimeType)
              ? [
                  {
                    key: 'open',
                    label: t('openShort'),
                    ariaLabel: t('open', { name: doc.name }),
                    onSelect: () => void openDocument(doc),
                  },
                ]
              : []),
            {
              key: 'download',
              label: t('downloadShort'),
              ariaLabel: t('download', { name: doc.name }),
              onSelect: () => void downloadDocument(doc),
            },
          ],
        }}
        toolbar={
          <Button
            variant="light"
            disabled={chosen.size === 0}
            loading={zipping}
            onClick={() => void downloadZip()}
          >
            {t('zip.button', { count: chosen.size })}
          </Button>
        }
      />
    </Stack>
  );
}
