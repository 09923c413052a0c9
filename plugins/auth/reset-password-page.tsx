import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePasswordResetRequest, useRoutePath } from '@portal/plugin-api';
import { AuthCard } from './auth-layout.tsx';
import { bindInput } from './bind-input.ts';
import { emailError, throttledMessage, throttledWait, type FailureMessage } from './validation.ts';
import { useT } from './translation.ts';
import type { AuthKey } from './translation.ts';

export default function ResetPasswordPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const successPath = useRoutePath('resetPasswordSuccess');
  const loginPath = useRoutePath('login');
  const [requestReset, { isLoading }] = usePasswordResetRequest();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<AuthKey | null>(null);
  const [failed, setFailed] = useState<FailureMessage | null>(null);

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = emailError(email);
    setError(problem);
    if (problem !== null) return;
    setFailed(null);
    try {
      await requestReset({ email: email.trim() }).unwrap();
      void navigate(successPath, { state: { email: email.trim() } });
    } catch (failure) {
      const wait = throttledWait(failure);
      setFailed(wait === null ? { key: 'errors.requestFailed' } : throttledMessage(wait));
    }
  }

  return (
    <AuthCard title={t('resetPassword.title')}>
      <Text>{t('resetPassword.intro')}</Text>
      {failed !== null && (
        <Alert color="red" role="alert">
          {t(failed.key, failed.count === undefined ? {} : { count: failed.count })}
        </Alert>
      )}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <TextInput
            label={t('resetPassword.email')}
            type="email"
            autoComplete="email"
            required
            {...bindInput(email, setEmail, error && t(error))}
          />
          <Button type="submit" loading={isLoading} disabled={isLoading}>
            {t('resetPassword.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={loginPath} size="sm">
        {t('resetPassword.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
