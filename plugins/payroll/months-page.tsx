import { Alert, Button, Group, Modal, NativeSelect, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  daysUntil,
  PAYROLL_BOUNDS,
  useAction,
  useGatewayDownload,
  useSelectedEntity,
  useTrack,
} from '@portal/plugin-api';
import type { PayrollEntryInput, PayrollStatus } from '@portal/plugin-api';
import {
  DataTable,
  formatDay,
  formatMoney,
  OutcomeAlert,
  PageHeader,
  QueryError,
  StatusBadge,
  useTableState,
} from '@portal/ui';
import type { DataColumn, RowAction } from '@portal/ui';
import { EntryForm } from './entry-form.tsx';
import {
  monthCsvPath,
  statusOf,
  useLockPayrollMonthMutation,
  usePayrollMonthQuery,
  usePayrollMonthsQuery,
  useRequestPayrollCorrectionMutation,
  useSavePayrollEntryMutation,
  useSubmitPayrollMonthMutation,
} from './payroll-api.ts';
import type { PayrollEmployee, PayrollMonth } from './payroll-api.ts';
import { ENTRY_TONES, MONTH_TONES } from './status-tones.ts';
import { useT } from './translation.ts';

type Outcome = { success: boolean; text: string } | null;

/** The month in words: "novembre 2026". */
const monthWords = (month: string, language: string) =>
  new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** What the customer's and the firm's statuses allow (the gateway decides; the page offers only that). */
const CUSTOMER_EDITABLE: readonly PayrollStatus[] = ['open', 'correction'];

/**
 * The entity's payroll variables, one month at a time: its status and cut-off, each employee's items,
 * and its history. The customer enters and submits; the firm asks for a correction, locks and exports.
 */
export default function PayrollMonthsPage() {
  const { t, language } = useT();
  const selected = useSelectedEntity();
  const accountId = selected?.entity.accountId ?? 0;
  const canEnter = useAction('payroll.enter');
  const canReview = useAction('payroll.review');
  const track = useTrack();
  const download = useGatewayDownload();
  const months = usePayrollMonthsQuery(accountId, { skip: accountId === 0 });
  const [chosen, setChosen] = useState<string | null>(null);
  const month = chosen ?? months.data?.current ?? '';
  const detail = usePayrollMonthQuery({ accountId, month }, { skip: accountId === 0 || month === '' });
  const [saveEntry, saving] = useSavePayrollEntryMutation();
  const [submitMonth, submitting] = useSubmitPayrollMonthMutation();
  const [requestCorrection, requesting] = useRequestPayrollCorrectionMutation();
  const [lockMonth, locking] = useLockPayrollMonthMutation();
  const [editing, setEditing] = useState<PayrollEmployee | null>(null);
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [exporting, setExporting] = useState(false);
  const table = useTableState({ prefix: 'employees-' });

  const data = detail.currentData;
  const status = data?.status;
  const editable = canEnter && status !== undefined && CUSTOMER_EDITABLE.includes(status);
  const on = { accountId, month };
  const monthLabel = monthWords(month === '' ? '2000-01' : month, language);

  /** Runs a call and says how it went: a 409 is the month having moved meanwhile (reloaded by its tag). */
  const run = async (call: () => Promise<unknown>, success: string) => {
    try {
      await call();
      setOutcome({ success: true, text: success });
      return true;
    } catch (error) {
      setOutcome({
        success: false,
        text: t(statusOf(error) === 409 ? 'outcome.conflict' : 'outcome.failed'),
      });
      if (statusOf(error) === 409) void detail.refetch();
      return false;
    }
  };

  const save = async (employee: PayrollEmployee, body: PayrollEntryInput) => {
    const name = `${employee.firstName} ${employee.lastName}`;
    const done = await run(
      () =>
        saveEntry({
          ...on,
          employeeId: employee.id,
          body: { ...body, absences: [...body.absences] },
        }).unwrap(),
      t('outcome.saved', { name }),
    );
    if (done) setEditing(null);
  };

  const exportCsv = async () => {
    setExporting(true);
    track('featureConsulted', { feature: 'payroll-export' });
    try {
      const number = selected?.entity.accountNumber ?? String(accountId);
      await download(
        monthCsvPath(on),
        { lang: language.startsWith('fr') ? 'fr-FR' : 'en' },
        `${t('actions.exportFile')}-${number}-${month}.csv`,
      );
    } catch {
      setOutcome({ success: false, text: t('outcome.exportFailed') });
    }
    setExporting(false);
    // The export is recorded in the month's history.
    void detail.refetch();
  };

  const money = (value: number) => (value === 0 ? '—' : formatMoney(value, language));
  const hours = (value: number) =>
    value === 0 ? '—' : new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
  const columns: DataColumn<PayrollEmployee>[] = [
    {
      key: 'employee',
      header: t('employees.employee'),
      primary: 'title',
      render: (row) => (
        <span>
          {row.firstName} {row.lastName}{' '}
          <Text span size="xs" c="dimmed">
            {row.employeeNumber} · {row.position}
          </Text>
        </span>
      ),
    },
    {
      key: 'state',
      header: t('employees.state'),
      primary: 'status',
      render: (row) => {
        const state = row.entry === null ? 'missing' : 'entered';
        return <StatusBadge status={state} tones={ENTRY_TONES} label={t(`employees.${state}`)} />;
      },
    },
    {
      key: 'hours',
      header: t('employees.hours'),
      numeric: true,
      primary: 'field',
      render: (row) => hours(row.entry?.hours ?? 0),
    },
    {
      key: 'overtime',
      header: t('employees.overtime'),
      numeric: true,
      render: (row) => hours(row.entry?.overtimeHours ?? 0),
    },
    {
      key: 'absences',
      header: t('employees.absences'),
      primary: 'field',
      render: (row) => {
        const absences = row.entry?.absences ?? [];
        if (absences.length === 0) return t('employees.none');
        return absences
          .map(
            (absence) =>
              `${t(`form.kinds.${absence.kind}`)} ${formatDay(absence.from, language)}–${formatDay(absence.to, language)}`,
          )
          .join(', ');
      },
    },
    {
      key: 'bonus',
      header: t('employees.bonus'),
      numeric: true,
      render: (row) => money(row.entry?.bonus ?? 0),
    },
    {
      key: 'expenses',
      header: t('employees.expenses'),
      numeric: true,
      render: (row) => money(row.entry?.expenses ?? 0),
    },
  ];

  const rowActions = {
    name: (row: PayrollEmployee) => `${row.firstName} ${row.lastName}`,
    of: (row: PayrollEmployee): readonly RowAction[] =>
      editable
        ? [
            {
              key: 'enter',
              label: t('actions.enter'),
              ariaLabel: t('actions.enterFor', { name: `${row.firstName} ${row.lastName}` }),
              variant: 'light',
              onSelect: () => setEditing(row),
            },
          ]
        : [],
  };

  const mainAction = (() => {
    if (data === undefined) return undefined;
    if (editable)
      return (
        <Button
          loading={submitting.isLoading}
          onClick={() => void run(() => submitMonth(on).unwrap(), t('outcome.submitted'))}
        >
          {t('actions.submit')}
        </Button>
      );
    if (canReview && status === 'submitted')
      return (
        <Group gap="xs">
          <Button variant="default" onClick={() => setAsking(true)}>
            {t('correction.ask')}
          </Button>
          <Button
            loading={locking.isLoading}
            onClick={() => void run(() => lockMonth(on).unwrap(), t('outcome.locked'))}
          >
            {t('actions.lock')}
          </Button>
        </Group>
      );
    if (canReview && status === 'locked')
      return (
        <Button loading={exporting} onClick={() => void exportCsv()}>
          {t('actions.export')}
        </Button>
      );
    return undefined;
  })();

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} description={t('intro')} action={mainAction} />
      {months.isError ? (
        <QueryError
          title={t('loadFailed')}
          message={t('errorHint')}
          retryLabel={t('retry')}
          onRetry={months.refetch}
        />
      ) : null}
      {outcome === null ? null : (
        <OutcomeAlert
          success={outcome.success}
          closeLabel={t('outcome.close')}
          onClose={() => setOutcome(null)}
        >
          {outcome.text}
        </OutcomeAlert>
      )}
      {months.data === undefined ? (
        months.isError ? null : (
          <Skeleton height={60} radius="md" aria-hidden="true" />
        )
      ) : (
        <Group align="flex-end" gap="md" wrap="wrap">
          <NativeSelect
            label={t('month.label')}
            value={month}
            onChange={(event) => {
              setOutcome(null);
              setChosen(event.currentTarget.value);
            }}
            data={months.data.items.map((item) => ({
              value: item.month,
              label: t('month.option', {
                month: monthWords(item.month, language),
                status: t(`statuses.${item.status}`),
              }),
            }))}
          />
          {data === undefined ? null : (
            <Stack gap="xs">
              <StatusBadge status={data.status} tones={MONTH_TONES} label={t(`statuses.${data.status}`)} />
              <CutoffLine month={data} language={language} />
            </Stack>
          )}
        </Group>
      )}
      {data?.status === 'correction' ? (
        <Alert
          color="red"
          variant="light"
          title={t('correction.title')}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {data.correctionComment}
        </Alert>
      ) : null}
      {data?.status === 'locked' ? <Alert variant="light">{t('locked')}</Alert> : null}
      {data?.status === 'submitted' && !canReview ? <Alert variant="light">{t('submitted')}</Alert> : null}
      {month === '' ? null : (
        <DataTable
          caption={t('employees.caption')}
          columns={columns}
          rowKey={(row) => row.id}
          table={table}
          result={{
            data:
              data === undefined
                ? undefined
                : { items: data.employees, currentPage: 1, totalPage: 1, totalItems: data.employees.length },
            isLoading: detail.isLoading,
            isFetching: detail.isFetching,
            isError: detail.isError,
            refetch: detail.refetch,
          }}
          emptyMessage={t('employees.empty')}
          rowActions={rowActions}
        />
      )}
      {data === undefined ? null : <History month={data} language={language} />}
      {editing === null ? null : (
        <EntryForm
          employee={editing}
          month={month}
          monthLabel={monthLabel}
          saving={saving.isLoading}
          onSave={(body) => void save(editing, body)}
          onClose={() => setEditing(null)}
        />
      )}
      {asking ? (
        <CorrectionDialog
          sending={requesting.isLoading}
          onClose={() => setAsking(false)}
          onSend={async (comment) => {
            if (await run(() => requestCorrection({ ...on, comment }).unwrap(), t('outcome.correction')))
              setAsking(false);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** The cut-off and the days left (from the gateway's day), while the customer still has to send. */
function CutoffLine({ month, language }: { month: PayrollMonth; language: string }) {
  const { t } = useT();
  const date = formatDay(month.cutoffOn, language);
  if (!CUSTOMER_EDITABLE.includes(month.status)) return <Text size="sm">{t('cutoff.done', { date })}</Text>;
  const days = daysUntil(month.cutoffOn, month.today);
  const text =
    days > 0
      ? t('cutoff.future', { count: days, date })
      : days === 0
        ? t('cutoff.today', { date })
        : t('cutoff.past', { count: -days, date });
  return (
    <Text size="sm" fw={days < 0 ? 700 : 400}>
      {text}
    </Text>
  );
}

/** Who did what when, oldest first. */
function History({ month, language }: { month: PayrollMonth; language: string }) {
  const { t } = useT();
  const when = (at: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  return (
    <section aria-labelledby="payroll-history">
      <Text component="h2" id="payroll-history" fw={700} size="lg" mb="xs">
        {t('history.title')}
      </Text>
      {month.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" m={0} pl="md">
          {month.history.map((step, index) => (
            <Text component="li" size="sm" key={index}>
              <Text span c="dimmed" size="sm">
                {when(step.at)}
              </Text>{' '}
              {t(`history.${step.action}`, { actor: step.actor, detail: step.detail })}
            </Text>
          ))}
        </Stack>
      )}
    </section>
  );
}

/** The firm's comment sent back with the month: required, at most PAYROLL_BOUNDS.comment characters. */
function CorrectionDialog({
  sending,
  onClose,
  onSend,
}: {
  sending: boolean;
  onClose: () => void;
  onSend: (comment: string) => Promise<void>;
}) {
  const { t } = useT();
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const blank = comment.trim() === '';
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('correction.dialog')}
      centered
      closeButtonProps={{ 'aria-label': t('actions.cancel') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!blank) void onSend(comment.trim());
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('correction.comment')}
            description={t('correction.commentHint')}
            required
            autosize
            minRows={3}
            maxLength={PAYROLL_BOUNDS.comment}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            error={tried && blank ? t('correction.commentRequired') : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={sending}>
              {t('correction.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
