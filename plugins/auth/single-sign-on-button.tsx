import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { useCustomerSignIn } from '@portal/plugin-api';
import { WRAPPING_BUTTON } from './auth-layout.tsx';
import { useT } from './translation.ts';

/**
 * 'Continue with single sign-on' on the client login, when its flag is on and the manifest configures the
 * adapter. The OpenID Connect library loads on the click, never with the page.
 */
export function SingleSignOnButton({ redirect }: { redirect: string | null }) {
  const { t } = useT();
  const session = useCustomerSignIn();
  const [phase, setPhase] = useState<'idle' | 'starting' | 'failed'>('idle');
  if (!session.singleSignOnAvailable()) return null;

  async function start() {
    setPhase('starting');
    const outcome = await session.startCustomerSingleSignOn(redirect);
    // Leaving for the provider: the page stays busy until it is gone.
    if (outcome !== 'redirecting') setPhase('failed');
  }

  return (
    <>
      {phase === 'failed' && (
        <Alert color="red" role="alert">
          {t('errors.singleSignOnFailed')}
        </Alert>
      )}
      <Button
        variant="default"
        fullWidth
        styles={WRAPPING_BUTTON}
        onClick={() => void start()}
        loading={phase === 'starting'}
        disabled={phase === 'starting'}
      >
        {t('clientLogin.singleSignOn')}
      </Button>
    </>
  );
}
