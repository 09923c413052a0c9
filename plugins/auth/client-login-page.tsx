import { Alert, Anchor, Button, Center, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { LoadingIndicator } from '@portal/ui';
import { useEffect, useRef, useState } from 'react';
import type { MouseEvent, SyntheticEvent } from 'react';
import { usePageLocation, useRoutePath, useCustomerSignIn } from '@portal/plugin-api';
import { AuthCard } from './auth-layout.tsx';
import { bindInput } from './bind-input.ts';
import { useHydrated } from './hydration.ts';
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
  const session = useCustomerSignIn();
  const { searchParams: params, navigate, Link } = usePageLocation();
  const redirect = params.get('redirect');
  const collaboratorPath = useRoutePath('collaboratorLogin');
  const resetPath = useRoutePath('resetPassword');
  const [choosing, setChoosing] = useState(params.get(CHOICE_PARAM) !== 'client');
  // Pre-rendered (the build's HTML of this page, hydrated): the form is on screen from the first paint,
  // so it stays while the user origin is asked; the loader would only make it blink.
  const hydrated = useHydrated();
  const [prerendered] = useState(!hydrated);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({ email: null, password: null });
  const [failure, setFailure] = useState<FailureMessage | null>(null);
  const [sending, setSending] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // What was typed into the pre-rendered fields before the page ran is in the fields, not in the state:
  // taken over once, so the next render does not empty them.
  useEffect(() => {
    if (!prerendered) return;
    const typedEmail = emailRef.current?.value ?? '';
    const typedPassword = passwordRef.current?.value ?? '';
    if (typedEmail !== '') setEmail(typedEmail);
    if (typedPassword !== '') setPassword(typedPassword);
  }, [prerendered]);

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
  // The collaborators' entry leaves for the identity provider at once; the link's address (the
  // collaborator page) stays for a new tab or a page that has not run yet.
  async function startCollaborator(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setFailure(null);
    setLeaving(true);
    const outcome = await session.startCollaboratorSignIn(redirect);
    if (outcome === 'redirecting') return;
    if (outcome.ok) {
      navigate(outcome.to, { replace: true });
      return;
    }
    setLeaving(false);
    setFailure({ key: 'errors.collaboratorFailed' });
  }

  return (
    <AuthCard title={t('clientLogin.title')}>
      <SessionExpiredModal />
      {choosing && !prerendered ? (
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
                ref={emailRef}
                {...bindInput(email, setEmail, errors.email && t(errors.email))}
              />
              <PasswordInput
                label={t('clientLogin.password')}
                name="password"
                autoComplete="current-password"
                required
                ref={passwordRef}
                {...bindInput(password, setPassword, errors.password && t(errors.password))}
              />
              <SubmitButton sending={sending} label={t('clientLogin.submit')} />
            </Stack>
          </form>
          <SingleSignOnButton redirect={redirect} />
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={resetPath} size="sm">
              {t('clientLogin.forgotPassword')}
            </Anchor>
            <Anchor
              component={Link}
              to={collaboratorLink}
              size="sm"
              aria-disabled={leaving}
              onClick={(event) => void startCollaborator(event)}
            >
              {t(leaving ? 'clientLogin.collaboratorLeaving' : 'clientLogin.collaboratorLink')}
            </Anchor>
          </Group>
        </>
      )}
    </AuthCard>
  );
}

/**
 * Disabled until the page runs: in the pre-rendered HTML a press (or Enter in a field) would send the form
 * to the server, which has no sign-in of its own. Its own component: the fields do not draw again when it
 * turns on.
 */
function SubmitButton({ sending, label }: { sending: boolean; label: string }) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" loading={sending} disabled={sending || !hydrated} fullWidth>
      {label}
    </Button>
  );
}
