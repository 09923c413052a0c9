import { Alert, Anchor, Button, Center, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { LoadingIndicator } from '@portal/ui';
import { useEffect, useRef, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { usePageLocation, useRoutePath, useSignInActions } from '@portal/plugin-api';
import { AuthCard } from './auth-layout.tsx';
import { CHOICE_PARAM } from './params.ts';
import { SessionExpiredModal } from './session-expired-modal.tsx';
import { SingleSignOnButton } from './single-sign-on-button.tsx';
import { emailError, passwordError, throttledMessage, type FailureMessage } from './validation.ts';
import { useT } from './translation.ts';
import type { AuthKey } from './translation.ts';

type Errors = { email: AuthKey | null; password: AuthKey | null };

export default function ClientLoginPage() {
  const { t } = useT();
  // Not the router's hooks: the light sign-in app shows this page without the router (usePageLocation).
  const session = useSignInActions();
  const { searchParams: params, navigate, Link } = usePageLocation();
  const redirect = params.get('redirect');
  const collaboratorPath = useRoutePath('collaboratorLogin');
  const resetPath = useRoutePath('resetPassword');
  const [choosing, setChoosing] = useState(params.get(CHOICE_PARAM) !== 'client');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({ email: null, password: null });
  const [failure, setFailure] = useState<FailureMessage | null>(null);
  const [sending, setSending] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);

  // SPEC 2: the login page shown comes from the user-origin answer; a failure falls back to this page.
  useEffect(() => {
    if (!choosing) return;
    let active = true;
    void session.chooseLoginPage().then((choice) => {
      if (!active) return;
      if (choice === 'collaborator') {
        navigate({ pathname: collaboratorPath, search: params.toString() }, { replace: true });
      } else {
        setChoosing(false);
      }
    });
    return () => {
      active = false;
    };
  }, [choosing, session, navigate, collaboratorPath, params]);

  useEffect(() => {
    if (failure !== null) failureRef.current?.focus();
  }, [failure]);

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = { email: emailError(email), password: passwordError(password) };
    setErrors(next);
    if (next.email !== null || next.password !== null) return;
    setSending(true);
    setFailure(null);
    const outcome = await session.signInCustomer({ email: email.trim(), password }, redirect);
    if (outcome.ok) {
      navigate(outcome.to, { replace: true });
      return;
    }
    setSending(false);
    // The e-mail stays as typed; the password is asked again.
    setPassword('');
    if (outcome.reason === 'throttled') {
      setFailure(throttledMessage(outcome.retryAfterS));
      return;
    }
    setFailure({
      key: outcome.reason === 'invalid-credentials' ? 'errors.invalidCredentials' : 'errors.unavailable',
    });
  }

  const collaboratorLink = {
    pathname: collaboratorPath,
    search: redirect === null ? '' : `?redirect=${encodeURIComponent(redirect)}`,
  };

  return (
    <AuthCard title={t('clientLogin.title')}>
      <SessionExpiredModal />
      {choosing ? (
        <Center py="lg">
          <LoadingIndicator label={t('clientLogin.choosing')} />
        </Center>
      ) : (
        <>
          <Text>{t('clientLogin.intro')}</Text>
          {params.get('passwordChanged') === 'true' && (
            <Alert color="green">{t('clientLogin.passwordChanged')}</Alert>
          )}
          {failure !== null && (
            <Alert color="red" role="alert" ref={failureRef} tabIndex={-1}>
              {t(failure.key, failure.count === undefined ? {} : { count: failure.count })}
            </Alert>
          )}
          <form noValidate onSubmit={(event) => void submit(event)}>
            <Stack gap="md">
              <TextInput
                label={t('clientLogin.email')}
                type="email"
                name="email"
                autoComplete="username"
                required
                value={email}
                onChange={(event) => {
                  setEmail(event.currentTarget.value);
                }}
                error={errors.email === null ? undefined : t(errors.email)}
              />
              <PasswordInput
                label={t('clientLogin.password')}
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                }}
                error={errors.password === null ? undefined : t(errors.password)}
              />
              <Button type="submit" loading={sending} disabled={sending} fullWidth>
                {t('clientLogin.submit')}
              </Button>
            </Stack>
          </form>
          <SingleSignOnButton redirect={redirect} />
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={resetPath} size="sm">
              {t('clientLogin.forgotPassword')}
            </Anchor>
            <Anchor component={Link} to={collaboratorLink} size="sm">
              {t('clientLogin.collaboratorLink')}
            </Anchor>
          </Group>
        </>
      )}
    </AuthCard>
  );
}
