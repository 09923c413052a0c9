import {
  Alert,
  Button,
  Fieldset,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useAction, useSelectedEntity } from '@portal/plugin-api';
import { formatDay, PageTitle, QueryState } from '@portal/ui';
import { useCompanySheetQuery, useSaveCompanySheetMutation } from './company-sheet-api.ts';
import type { CompanySheet, CompanySheetFields } from './company-sheet-api.ts';
import { validateSheet } from './sheet-validation.ts';
import type { FieldError } from './sheet-validation.ts';
import { useT } from './translation.ts';

const TEXT_FIELDS = [
  'legalName',
  'companyNumber',
  'legalForm',
  'activityCode',
  'addressLine',
  'postalCode',
  'city',
  'fiscalYearEnd',
] as const;
const REQUIRED: ReadonlySet<string> = new Set(['legalName', 'legalForm', 'addressLine', 'city']);
// Mantine's default error red is too light on white for WCAG AA: the message in a darker red, the value in the text colour.
const FIELD_STYLES = {
  input: { color: 'var(--mantine-color-text)' },
  error: { color: 'var(--mantine-color-red-9)' },
} as const;
const CONTACT_FIELDS = ['name', 'role', 'email', 'phone'] as const;
const MAX_CONTACTS = 5;

type Outcome = 'saved' | 'stale' | 'invalid' | 'failed' | null;

function fieldsOf(sheet: CompanySheet): CompanySheetFields {
  const { accountId: _accountId, version: _version, updatedAt: _updatedAt, ...fields } = sheet;
  return fields;
}

/** The entity's company sheet (SPEC 7 summary's details): read by CLINFO001 / COINFO001, edited with COINFO002. */
export default function InfoPage() {
  const { t, language } = useT();
  const selected = useSelectedEntity();
  const accountId = selected?.entity.accountId ?? 0;
  const canEdit = useAction('companySheet.edit');
  const sheet = useCompanySheetQuery(accountId, { skip: accountId === 0 });
  const [save, saving] = useSaveCompanySheetMutation();
  // What the person typed, and the version it was typed against; null while only reading.
  const [draft, setDraft] = useState<{ fields: CompanySheetFields; version: number } | null>(null);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (sheet.data === undefined) {
    return (
      <Stack gap="md">
        <PageTitle>{t('info.title')}</PageTitle>
        <QueryState
          result={{ ...sheet, isLoading: !sheet.isError }}
          error={{ title: t('info.loadError'), retryLabel: t('info.retry') }}
          placeholder={<Skeleton height={320} radius="md" aria-hidden="true" />}
        />
      </Stack>
    );
  }

  const current = sheet.data;
  const fields = draft?.fields ?? fieldsOf(current);
  const editing = draft !== null;
  const errorOf = (key: string) => {
    const error = errors[key];
    return error === undefined ? undefined : t(`info.errors.${error}`);
  };
  const setField = (key: (typeof TEXT_FIELDS)[number], value: string) =>
    setDraft((previous) =>
      previous === null ? null : { ...previous, fields: { ...previous.fields, [key]: value } },
    );
  const setContact = (index: number, key: (typeof CONTACT_FIELDS)[number], value: string) =>
    setDraft((previous) =>
      previous === null
        ? null
        : {
            ...previous,
            fields: {
              ...previous.fields,
              contacts: previous.fields.contacts.map((contact, at) =>
                at === index ? { ...contact, [key]: value } : contact,
              ),
            },
          },
    );

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (draft === null) return;
    const found = validateSheet(draft.fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setOutcome('invalid');
      return;
    }
    const result = await save({ accountId, body: { ...draft.fields, version: draft.version } });
    if (!('error' in result)) {
      setDraft(null);
      setOutcome('saved');
      return;
    }
    const { error } = result;
    const status = typeof error === 'object' && 'status' in error ? error.status : undefined;
    // On a conflict the draft stays as typed; the page refetches the sheet to offer the newer version.
    setOutcome(status === 409 ? 'stale' : status === 422 ? 'invalid' : 'failed');
    if (status === 409) void sheet.refetch();
  };

  const readOnly = (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
        {TEXT_FIELDS.map((key) => (
          <div key={key}>
            <Text component="dt" size="sm" c="dimmed">
              {t(`info.fields.${key}`)}
            </Text>
            <Text component="dd" m={0} fw={500}>
              {current[key] === '' ? t('info.none') : current[key]}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text component="h2" fw={700} mt="md" mb="xs">
        {t('info.contacts')}
      </Text>
      {current.contacts.length === 0 ? (
        <Text c="dimmed">{t('info.noContacts')}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {current.contacts.map((contact, index) => (
            <li key={index}>
              <Text fw={500}>
                {contact.name}
                {contact.role === '' ? '' : ` · ${contact.role}`}
              </Text>
              <Text size="sm" c="dimmed">
                {[contact.email, contact.phone].filter((part) => part !== '').join(' · ')}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );

  const form = (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('info.formLabel')}>
      <Stack gap="md">
        <Fieldset legend={t('info.company')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {TEXT_FIELDS.map((key) => (
              <TextInput
                styles={FIELD_STYLES}
                key={key}
                label={t(`info.fields.${key}`)}
                description={
                  key === 'fiscalYearEnd' || key === 'activityCode' || key === 'companyNumber'
                    ? t(`info.hints.${key}`)
                    : undefined
                }
                value={fields[key]}
                error={errorOf(key)}
                required={REQUIRED.has(key)}
                onChange={(event) => setField(key, event.currentTarget.value)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('info.contacts')}>
          <Stack gap="sm">
            {fields.contacts.map((contact, index) => (
              <Group key={index} align="flex-end" gap="sm" wrap="wrap">
                {CONTACT_FIELDS.map((key) => (
                  <TextInput
                    styles={FIELD_STYLES}
                    key={key}
                    label={t(`info.contactFields.${key}`, { number: index + 1 })}
                    value={contact[key]}
                    error={errorOf(`contacts.${String(index)}.${key}`)}
                    onChange={(event) => setContact(index, key, event.currentTarget.value)}
                    style={{ flex: '1 1 160px' }}
                  />
                ))}
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() =>
                    setDraft((previous) =>
                      previous === null
                        ? null
                        : {
                            ...previous,
                            fields: {
                              ...previous.fields,
                              contacts: previous.fields.contacts.filter((_, at) => at !== index),
                            },
                          },
                    )
                  }
                >
                  {t('info.removeContact', { number: index + 1 })}
                </Button>
              </Group>
            ))}
            {fields.contacts.length < MAX_CONTACTS ? (
              <Button
                variant="light"
                w="fit-content"
                onClick={() =>
                  setDraft((previous) =>
                    previous === null
                      ? null
                      : {
                          ...previous,
                          fields: {
                            ...previous.fields,
                            contacts: [
                              ...previous.fields.contacts,
                              { name: '', role: '', email: '', phone: '' },
                            ],
                          },
                        },
                  )
                }
              >
                {t('info.addContact')}
              </Button>
            ) : null}
          </Stack>
        </Fieldset>
        <Group gap="sm">
          <Button type="submit" loading={saving.isLoading}>
            {t('info.save')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft(null);
              setErrors({});
              setOutcome(null);
            }}
          >
            {t('info.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          <PageTitle>{t('info.title')}</PageTitle>
          <Text size="sm" c="dimmed">
            {current.updatedAt === null
              ? t('info.neverSaved')
              : t('info.updatedAt', { date: formatDay(current.updatedAt.slice(0, 10), language) })}
          </Text>
        </Stack>
        {canEdit && !editing ? (
          <Button
            onClick={() => {
              setDraft({ fields: fieldsOf(current), version: current.version });
              setOutcome(null);
            }}
          >
            {t('info.edit')}
          </Button>
        ) : null}
      </Group>
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
                onClick={() => {
                  setDraft({ fields: draft.fields, version: current.version });
                  setOutcome(null);
                }}
                disabled={current.version === draft.version}
              >
                {t('info.keepMine')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setDraft({ fields: fieldsOf(current), version: current.version });
                  setOutcome(null);
                }}
                disabled={current.version === draft.version}
              >
                {t('info.takeTheirs')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {editing ? form : readOnly}
    </Stack>
  );
}
