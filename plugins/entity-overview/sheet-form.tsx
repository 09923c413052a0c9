import { Button, Fieldset, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Dispatch, SyntheticEvent } from 'react';
import type { CompanySheetFields } from './company-sheet-api.ts';
import { CONTACT_FIELDS, TEXT_FIELDS } from './sheet-state.ts';
import type { SheetAction } from './sheet-state.ts';
import type { FieldError } from './sheet-validation.ts';
import { useT } from './translation.ts';

const REQUIRED: ReadonlySet<string> = new Set(['legalName', 'legalForm', 'addressLine', 'city']);
// Mantine's default error red is too light on white for WCAG AA: the message in a darker red, the value in the text colour.
const FIELD_STYLES = {
  input: { color: 'var(--mantine-color-text)' },
  error: { color: 'var(--mantine-color-red-9)' },
} as const;
const MAX_CONTACTS = 5;
const HINTED = ['fiscalYearEnd', 'activityCode', 'companyNumber'] as const;

/** The company sheet being edited: its fields, up to five contacts, save and cancel. */
export function SheetForm({
  fields,
  errors,
  saving,
  dispatch,
  onSubmit,
}: {
  fields: CompanySheetFields;
  errors: Record<string, FieldError>;
  saving: boolean;
  dispatch: Dispatch<SheetAction>;
  onSubmit: () => void;
}) {
  const { t } = useT();
  const errorOf = (key: string) => {
    const error = errors[key];
    return error === undefined ? undefined : t(`info.errors.${error}`);
  };
  const hintOf = (key: string) => {
    const hinted = HINTED.find((candidate) => candidate === key);
    return hinted === undefined ? undefined : t(`info.hints.${hinted}`);
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('info.formLabel')}>
      <Stack gap="md">
        <Fieldset legend={t('info.company')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {TEXT_FIELDS.map((key) => (
              <TextInput
                styles={FIELD_STYLES}
                key={key}
                label={t(`info.fields.${key}`)}
                description={hintOf(key)}
                value={fields[key]}
                error={errorOf(key)}
                required={REQUIRED.has(key)}
                onChange={(event) => dispatch({ type: 'field', key, value: event.currentTarget.value })}
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
                    onChange={(event) =>
                      dispatch({ type: 'contact', index, key, value: event.currentTarget.value })
                    }
                    style={{ flex: '1 1 160px' }}
                  />
                ))}
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => dispatch({ type: 'contactRemoved', index })}
                >
                  {t('info.removeContact', { number: index + 1 })}
                </Button>
              </Group>
            ))}
            {fields.contacts.length < MAX_CONTACTS ? (
              <Button variant="light" w="fit-content" onClick={() => dispatch({ type: 'contactAdded' })}>
                {t('info.addContact')}
              </Button>
            ) : null}
          </Stack>
        </Fieldset>
        <Group gap="sm">
          <Button type="submit" loading={saving}>
            {t('info.save')}
          </Button>
          <Button variant="default" onClick={() => dispatch({ type: 'cancelled' })}>
            {t('info.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
