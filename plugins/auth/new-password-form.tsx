import { Alert, Button, PasswordInput, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useConstant, useNewPassword, useRoutePath } from '@portal/plugin-api';
import { AuthCard } from './auth-layout.tsx';
import { bindInput } from './bind-input.ts';
import { MIN_PASSWORD_LENGTH, newPasswordError, passwordStrength } from './password-validation.ts';
import { confirmError, throttledMessage, throttledWait, type FailureMessage } from './validation.ts';
import { useT } from './translation.ts';
import type { AuthKey } from './translation.ts';

const STRENGTH_COLORS = ['gray', 'red', 'orange', 'yellow', 'green'] as const;

/** The rule the gateway says a password breaks (422 weak_password with its `problem`), as a message key. */
const PASSWORD_RULES = ['tooShort', 'tooLong', 'blank', 'common'] as const;

/** A field of a failed gateway call's error body (`problem`, `error`), when there is one. */
function errorField(error: unknown, field: string): unknown {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined;
  return typeof data === 'object' && data !== null && field in data
    ? (data as Record<string, unknown>)[field]
    : undefined;
}

function passwordRuleKey(error: unknown): AuthKey {
  const problem = errorField(error, 'problem');
  const rule = PASSWORD_RULES.find((known) => known === problem) ?? 'common';
  return `validation.password.${rule}`;
}

/** No Referer leaves this page (its address held a reset token): a meta policy while it is shown. */
function useNoReferrer(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.append(meta);
    return () => {
      meta.remove();
    };
  }, []);
}

/** New password with a reset token from `?token=`: used by the reset form and the password creation page. */
export function NewPasswordForm({ titleKey }: { titleKey: AuthKey }) {
  const { t } = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // Read once, then kept in memory only: the address bar, the history and any Referer lose it.
  const [token] = useState(() => params.get('token') ?? '');
  useEffect(() => {
    if (!params.has('token')) return;
    const rest = new URLSearchParams(params);
    rest.delete('token');
    setParams(rest, { replace: true });
  }, [params, setParams]);
  useNoReferrer();
  const levels = useConstant('passwordStrengthLevels');
  const loginPath = useRoutePath('login');
  const failedPath = useRoutePath('resetPasswordFailed');
  const expiredPath = useRoutePath('expireToken');
  const [createPassword, { isLoading }] = useNewPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password: AuthKey | null; confirm: AuthKey | null }>({
    password: null,
    confirm: null,
  });
  const [failed, setFailed] = useState<FailureMessage | null>(null);

  const strength = passwordStrength(password, levels.length);
  // The level names are data of the manifest (SPEC 5); the locales test keeps a label for each.
  const levelKey = `strength.${levels[strength] ?? 'empty'}` as AuthKey;
  const percent = levels.length <= 1 ? 0 : (strength / (levels.length - 1)) * 100;

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = { password: newPasswordError(password), confirm: confirmError(password, confirm) };
    setErrors(next);
    if (next.password !== null || next.confirm !== null) return;
    setFailed(null);
    try {
      await createPassword({ token, password }).unwrap();
      void navigate(`${loginPath}?passwordChanged=true`, { replace: true });
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      // 400: the link expired (a new one is offered), or it is unknown or used.
      const wait = throttledWait(error);
      if (status === 400) {
        const expired = errorField(error, 'error') === 'expired_token';
        void navigate(expired ? expiredPath : failedPath, { replace: true });
      } else if (status === 422) setErrors({ password: passwordRuleKey(error), confirm: null });
      else setFailed(wait === null ? { key: 'errors.requestFailed' } : throttledMessage(wait));
    }
  }

  return (
    <AuthCard title={t(titleKey)}>
      {token === '' ? (
        <Alert color="red" role="alert">
          {t('newPassword.missingToken')}
        </Alert>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="md">
            <Text size="sm">{t('newPassword.hint', { count: MIN_PASSWORD_LENGTH })}</Text>
            {failed !== null && (
              <Alert color="red" role="alert">
                {t(failed.key, failed.count === undefined ? {} : { count: failed.count })}
              </Alert>
            )}
            <PasswordInput
              label={t('newPassword.password')}
              autoComplete="new-password"
              required
              {...bindInput(
                password,
                setPassword,
                errors.password && t(errors.password, { count: MIN_PASSWORD_LENGTH }),
              )}
            />
            <Progress
              value={percent}
              color={STRENGTH_COLORS[strength] ?? 'gray'}
              aria-label={t('strength.label', { level: t(levelKey) })}
            />
            <Text size="sm" aria-live="polite">
              {t('strength.label', { level: t(levelKey) })}
            </Text>
            <PasswordInput
              label={t('newPassword.confirm')}
              autoComplete="new-password"
              required
              {...bindInput(confirm, setConfirm, errors.confirm && t(errors.confirm))}
            />
            <Button type="submit" loading={isLoading} disabled={isLoading}>
              {t('newPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
