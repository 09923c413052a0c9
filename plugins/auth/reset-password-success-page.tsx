import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePasswordResetRequest, useRoutePath } from '@portal/plugin-api';
import { MessagePage } from './message-page.tsx';
import { useT } from './translation.ts';

function emailFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const email = (state as { email?: unknown }).email;
  return typeof email === 'string' && email !== '' ? email : null;
}

export default function ResetPasswordSuccessPage() {
  const { t } = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const resentPath = useRoutePath('resendEmailSuccess');
  const [requestReset, { isLoading }] = usePasswordResetRequest();
  const [failed, setFailed] = useState(false);
  // The e-mail travels in the history state only, never in the URL.
  const email = emailFromState(location.state);

  async function resend(address: string) {
    setFailed(false);
    try {
      await requestReset({ email: address }).unwrap();
      void navigate(resentPath, { replace: true });
    } catch {
      setFailed(true);
    }
  }

  return (
    <MessagePage section="resetPasswordSuccess" links={[['resetPasswordSuccess.backToLogin', 'login']]}>
      {failed && (
        <Alert color="red" role="alert">
          {t('errors.requestFailed')}
        </Alert>
      )}
      {email !== null && (
        <Button variant="light" onClick={() => void resend(email)} loading={isLoading} disabled={isLoading}>
          {t('resetPasswordSuccess.resend')}
        </Button>
      )}
    </MessagePage>
  );
}
