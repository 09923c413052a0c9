import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useReducer } from 'react';
import { useSearchParams } from 'react-router';
import { useAction, useSelectedEntity } from '@portal/plugin-api';
import { formatDay, PageHeader, QueryState } from '@portal/ui';
import { useCompanySheetQuery, useSaveCompanySheetMutation } from './company-sheet-api.ts';
import type { CompanySheetFields } from './company-sheet-api.ts';
import { MandatesSection } from './mandates-section.tsx';
import { SheetForm } from './sheet-form.tsx';
import { fieldsOf, initialSheetState, sheetReducer } from './sheet-state.ts';
import { validateSheet } from './sheet-validation.ts';
import { SheetView } from './sheet-view.tsx';
import { useT } from './translation.ts';

/** The entity's company sheet (SPEC 7 summary's details): read by CLINFO001 / COINFO001, edited with COINFO002. */
export default function InfoPage() {
  const { t, language } = useT();
  const selected = useSelectedEntity();
  const accountId = selected?.entity.accountId ?? 0;
  const canEdit = useAction('companySheet.edit');
  const sheet = useCompanySheetQuery(accountId, { skip: accountId === 0 });
  // `mandateId`: the mandate a status notification is about (its link opens the page on it).
  const mandateId = useSearchParams()[0].get('mandateId');
  const [save, saving] = useSaveCompanySheetMutation();
  const [state, dispatch] = useReducer(sheetReducer, initialSheetState);
  const { draft, outcome } = state;

  if (sheet.data === undefined) {
    return (
      <Stack gap="md">
        <PageHeader title={t('info.title')} />
        <QueryState
          result={{ ...sheet, isLoading: !sheet.isError }}
          error={{
            title: t('info.loadError'),
            message: t('info.loadErrorHint'),
            retryLabel: t('info.retry'),
          }}
          placeholder={<Skeleton height={320} radius="md" aria-hidden="true" />}
        />
      </Stack>
    );
  }

  const current = sheet.data;
  const editing = draft !== null;
  const startEditing = (fields: CompanySheetFields) =>
    dispatch({ type: 'edit', fields, version: current.version });

  const submit = async () => {
    if (draft === null) return;
    const found = validateSheet(draft.fields);
    dispatch({ type: 'checked', errors: found });
    if (Object.keys(found).length > 0) return;
    const result = await save({ accountId, body: { ...draft.fields, version: draft.version } });
    if (!('error' in result)) {
      dispatch({ type: 'saved' });
      return;
    }
    const { error } = result;
    const status = typeof error === 'object' && 'status' in error ? error.status : undefined;
    // On a conflict the page refetches the sheet to offer the newer version.
    dispatch({
      type: 'saveFailed',
      outcome: status === 409 ? 'stale' : status === 422 ? 'invalid' : 'failed',
    });
    if (status === 409) void sheet.refetch();
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={t('info.title')}
        description={
          current.updatedAt === null
            ? t('info.neverSaved')
            : t('info.updatedAt', { date: formatDay(current.updatedAt.slice(0, 10), language) })
        }
        {...(canEdit && !editing
          ? { action: <Button onClick={() => startEditing(fieldsOf(current))}>{t('info.edit')}</Button> }
          : {})}
      />
      {outcome === 'saved' ? (
        <Alert color="teal" variant="light" role="status">
          {t('info.saved')}
        </Alert>
      ) : null}
      {outcome === 'invalid' ? (
        <Alert color="red" variant="light" role="alert">
          {t('info.invalid')}
        </Alert>
      ) : null}
      {outcome === 'failed' ? (
        <Alert color="red" variant="light" role="alert">
          {t('info.failed')}
        </Alert>
      ) : null}
      {outcome === 'stale' && draft !== null ? (
        <Alert color="orange" variant="light" role="alert" title={t('info.staleTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('info.stale')}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                // Keeps the typed values and takes the newer version: the next save replaces theirs.
                onClick={() => startEditing(draft.fields)}
                disabled={current.version === draft.version}
              >
                {t('info.keepMine')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => startEditing(fieldsOf(current))}
                disabled={current.version === draft.version}
              >
                {t('info.takeTheirs')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {editing ? (
        <SheetForm
          fields={draft.fields}
          errors={state.errors}
          saving={saving.isLoading}
          dispatch={dispatch}
          onSubmit={() => void submit()}
        />
      ) : (
        <SheetView sheet={current} />
      )}
      <MandatesSection
        accountId={accountId}
        {...(mandateId !== null && /^\d+$/.test(mandateId) ? { highlightedId: Number(mandateId) } : {})}
      />
    </Stack>
  );
}
