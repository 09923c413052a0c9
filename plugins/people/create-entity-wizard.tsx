import { Alert, Anchor, Button, Group, NativeSelect, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { Link } from 'react-router';
import { useRouteHref } from '@portal/plugin-api';
import { failureOf, useCreateEntityMutation } from './people-api.ts';
import type { NewEntity } from './people-api.ts';
import { Dialog, FailureAlert } from './dialog.tsx';
import { useT } from './translation.ts';

const LEGAL_FORMS = [
  'SARL',
  'SAS',
  'SASU',
  'EURL',
  'SA',
  'SCI',
  'EI',
] as const satisfies readonly NewEntity['legalForm'][];
const NUMBER = /^[A-Za-z0-9-]{1,20}$/;
const DAY_MONTH = /^(0[1-9]|[12][0-9]|3[01])\/(0[1-9]|1[0-2])$/;

type Draft = {
  accountNumber: string;
  name: string;
  legalForm: NewEntity['legalForm'];
  fiscalYearEnd: string;
};
const EMPTY: Draft = { accountNumber: '', name: '', legalForm: 'SARL', fiscalYearEnd: '31/12' };

function CreatedLink({ accountId, name }: { accountId: number; name: string }) {
  const { t } = useT();
  const href = useRouteHref('entity.home', { entityId: accountId });
  return (
    <Alert color="teal" variant="light" role="status">
      <Stack gap="xs">
        <Text size="sm">{t('wizard.created', { name })}</Text>
        {href === undefined ? null : (
          <Anchor component={Link} to={href} size="sm">
            {t('wizard.open_entity')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

/** Creating an entity (COADMI007) through entitycreator/api in three short steps: company, fiscal year, confirmation. */
export function CreateEntityWizard() {
  const { t } = useT();
  const [opened, setOpened] = useState(false);
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [failure, setFailure] = useState<'conflict' | 'failed' | null>(null);
  const [created, setCreated] = useState<{ accountId: number; name: string } | null>(null);
  const [create, creating] = useCreateEntityMutation();

  const close = () => {
    setOpened(false);
    setStep(0);
    setDraft(EMPTY);
    setErrors({});
    setFailure(null);
  };
  const set = (field: keyof Draft, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  // A typed field of the draft: its value, its message once checked, and what typing changes.
  const textField = (field: Exclude<keyof Draft, 'legalForm'>) => ({
    value: draft[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
  });
  const checkCompany = () => {
    const found: Partial<Record<keyof Draft, string>> = {};
    if (draft.accountNumber.trim() === '') found.accountNumber = t('wizard.required');
    else if (!NUMBER.test(draft.accountNumber.trim())) found.accountNumber = t('wizard.invalidNumber');
    if (draft.name.trim() === '') found.name = t('wizard.required');
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const checkFiscal = () => {
    const ok = DAY_MONTH.test(draft.fiscalYearEnd.trim());
    setErrors(ok ? {} : { fiscalYearEnd: t('wizard.invalidDate') });
    return ok;
  };
  const submit = async () => {
    setFailure(null);
    const [day = '', month = ''] = draft.fiscalYearEnd.trim().split('/');
    const result = await create({
      accountNumber: draft.accountNumber.trim(),
      name: draft.name.trim(),
      legalForm: draft.legalForm,
      fiscalYearEnd: `${month}-${day}`,
    });
    if ('error' in result) {
      setFailure(failureOf(result.error).status === 409 ? 'conflict' : 'failed');
      if (failureOf(result.error).status === 409) setStep(0);
      return;
    }
    setCreated({ accountId: result.data.accountId, name: result.data.name });
    close();
  };

  return (
    <Stack gap="sm">
      {created === null ? null : <CreatedLink accountId={created.accountId} name={created.name} />}
      <Group>
        <Button onClick={() => setOpened(true)}>{t('wizard.open')}</Button>
      </Group>
      <Dialog opened={opened} onClose={close} title={t('wizard.title')}>
        <Stack gap="md">
          <FailureAlert message={failure === null ? null : t(`wizard.${failure}`)} />
          <Stepper active={step} size="sm">
            <Stepper.Step label={t('wizard.stepCompany')}>
              <Stack gap="sm" mt="sm">
                <TextInput
                  label={t('wizard.accountNumber')}
                  description={t('wizard.accountNumberHelp')}
                  required
                  {...textField('accountNumber')}
                  data-autofocus
                />
                <TextInput label={t('wizard.name')} required {...textField('name')} />
                <NativeSelect
                  label={t('wizard.legalForm')}
                  value={draft.legalForm}
                  onChange={(event) => {
                    const form = LEGAL_FORMS.find((value) => value === event.currentTarget.value);
                    if (form !== undefined) set('legalForm', form);
                  }}
                  data={[...LEGAL_FORMS]}
                />
              </Stack>
            </Stepper.Step>
            <Stepper.Step label={t('wizard.stepFiscal')}>
              <TextInput
                mt="sm"
                label={t('wizard.fiscalYearEnd')}
                description={t('wizard.fiscalYearEndHelp')}
                required
                {...textField('fiscalYearEnd')}
              />
            </Stepper.Step>
            <Stepper.Step label={t('wizard.stepConfirm')}>
              <Text mt="sm">
                {t('wizard.summary', {
                  name: draft.name.trim(),
                  number: draft.accountNumber.trim(),
                  form: draft.legalForm,
                  end: draft.fiscalYearEnd.trim(),
                })}
              </Text>
            </Stepper.Step>
          </Stepper>
          <Group justify="space-between">
            <Button variant="default" onClick={step === 0 ? close : () => setStep(step - 1)}>
              {step === 0 ? t('wizard.cancel') : t('wizard.back')}
            </Button>
            {step < 2 ? (
              <Button
                onClick={() => {
                  if (step === 0 ? checkCompany() : checkFiscal()) setStep(step + 1);
                }}
              >
                {t('wizard.next')}
              </Button>
            ) : (
              <Button onClick={() => void submit()} loading={creating.isLoading}>
                {t('wizard.create')}
              </Button>
            )}
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}
