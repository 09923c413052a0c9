import { Alert, Anchor, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConstant, useGatewayUpload, useRouteHref } from '@portal/plugin-api';
import { FileUpload, PageHeader } from '@portal/ui';
import { FolderPicker } from './folder-picker.tsx';
import { REPORT_KINDS, depositPath } from './reports-api.ts';
import type { Report, ReportKind } from './reports-api.ts';
import { useT } from './translation.ts';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function isReport(value: unknown): value is Report {
  return (
    typeof value === 'object' && value !== null && 'id' in value && 'accountId' in value && 'title' in value
  );
}

/**
 * A collaborator deposits a BI report on a folder: folder (searchable), kind, title and period first,
 * then the file, sent with them as soon as it is attached (the same upload as documents).
 */
export default function DepositPage() {
  const { t } = useT();
  const rules = useConstant('documents');
  const upload = useGatewayUpload();
  const [folder, setFolder] = useState<number | undefined>(undefined);
  const [kind, setKind] = useState<ReportKind>('financial');
  const [title, setTitle] = useState('');
  const [period, setPeriod] = useState('');
  const [deposited, setDeposited] = useState<Report | undefined>(undefined);
  const walletHref = useRouteHref('wallet.biReports');
  const entityHref = useRouteHref('entity.biReports', { entityId: deposited?.accountId ?? 0 });

  const ready = folder !== undefined && title.trim() !== '' && MONTH.test(period);

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={t('deposit.title')} description={t('deposit.intro')} />

      {deposited ? (
        <Alert
          color="teal"
          variant="light"
          role="status"
          title={t('deposit.done', { title: deposited.title })}
        >
          <Group gap="md">
            {entityHref === undefined ? null : (
              <Anchor component={Link} to={`${entityHref}?reportId=${String(deposited.id)}`}>
                {t('deposit.seeEntity', { folder: deposited.accountName })}
              </Anchor>
            )}
            {walletHref === undefined ? null : (
              <Anchor component={Link} to={`${walletHref}?reportId=${String(deposited.id)}`}>
                {t('deposit.seeWallet')}
              </Anchor>
            )}
          </Group>
        </Alert>
      ) : null}

      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <FolderPicker
            label={t('deposit.folder')}
            emptyLabel={t('deposit.folderPlaceholder')}
            required
            value={folder}
            onChange={setFolder}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500} id="deposit-kind">
              {t('deposit.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="deposit-kind"
              value={kind}
              onChange={(value) => setKind(value === 'hr' ? 'hr' : 'financial')}
              data={REPORT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            />
          </Stack>
          <TextInput
            label={t('deposit.reportTitle')}
            required
            maxLength={200}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <TextInput
            type="month"
            label={t('deposit.period')}
            required
            value={period}
            onChange={(event) => setPeriod(event.currentTarget.value)}
          />
        </Stack>
      </Paper>

      {ready ? (
        <FileUpload
          single
          label={t('deposit.file')}
          rules={rules}
          upload={(file, options) => {
            const form = new FormData();
            // The fields go before the file: the gateway checks the folder before storing a byte.
            form.append('accountId', String(folder));
            form.append('kind', kind);
            form.append('title', title.trim());
            form.append('period', period);
            form.append('file', file);
            return upload(depositPath(), {}, form, options);
          }}
          onUploaded={(answer) => {
            if (isReport(answer)) setDeposited(answer);
            setTitle('');
          }}
        />
      ) : (
        <Text size="sm" c="dimmed" role="status">
          {t('deposit.fillFirst')}
        </Text>
      )}
    </Stack>
  );
}
