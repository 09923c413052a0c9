import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { failureOf, useAddEntityUserMutation } from './people-api.ts';
import { RightsSwitches } from './rights-switches.tsx';
import { Dialog, FailureAlert } from './dialog.tsx';
import { useT } from './translation.ts';

type InviteUserProps = {
  accountId: number;
  /** Whether the person may grant rights with the invitation (users.manageRights). */
  canGrant: boolean;
  canChange: (code: string) => boolean;
  onDone: (message: string) => void;
};

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
type Field = 'email' | 'firstName' | 'lastName';
const FIELDS: readonly Field[] = ['email', 'firstName', 'lastName'];

/** Invites a person to the entity: they join once they accept (a new address by creating its password). */
export function InviteUser({ accountId, canGrant, canChange, onDone }: InviteUserProps) {
  const { t } = useT();
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ email: '', firstName: '', lastName: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [codes, setCodes] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<'conflict' | 'forbidden' | 'failed' | null>(null);
  const [add, adding] = useAddEntityUserMutation();

  const close = () => {
    setOpened(false);
    setValues({ email: '', firstName: '', lastName: '' });
    setErrors({});
    setCodes(new Set());
    setFailure(null);
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) if (values[field].trim() === '') found[field] = t('invite.required');
    if (found.email === undefined && !EMAIL.test(values.email.trim())) found.email = t('invite.invalidEmail');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    const result = await add({
      accountId,
      body: {
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        ...(canGrant ? { permissions: [...codes] } : {}),
      },
    });
    if ('error' in result) {
      const { status } = failureOf(result.error);
      setFailure(status === 409 ? 'conflict' : status === 403 ? 'forbidden' : 'failed');
      return;
    }
    // Whoever the address belongs to, the person joins once they accept: one message for every invitation.
    onDone(t('invite.sent', { name: `${result.data.firstName} ${result.data.lastName}` }));
    close();
  };

  return (
    <>
      <Button onClick={() => setOpened(true)}>{t('invite.open')}</Button>
      <Dialog opened={opened} onClose={close} title={t('invite.title')}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <FailureAlert message={failure === null ? null : t(`invite.${failure}`)} />
            {FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`invite.${field}`)}
                type={field === 'email' ? 'email' : 'text'}
                autoComplete="off"
                required
                value={values[field]}
                error={errors[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [field]: value }));
                }}
                {...(field === 'email' ? { 'data-autofocus': true } : {})}
              />
            ))}
            {canGrant ? (
              <>
                <Title order={2} size="h5">
                  {t('invite.rights')}
                </Title>
                <RightsSwitches selected={codes} onChange={setCodes} canChange={canChange} />
              </>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={adding.isLoading}>
                {t('invite.cancel')}
              </Button>
              <Button type="submit" loading={adding.isLoading}>
                {t('invite.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </>
  );
}
