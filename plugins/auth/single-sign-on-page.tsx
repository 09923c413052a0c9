import { Alert, Anchor, Center, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useRoutePath, useSingleSignOnCallback } from '@portal/plugin-api';
import { AuthCard } from './auth-layout.tsx';
import { useT } from './translation.ts';

/**
 * Where the single sign-on provider returns: after a sign-in, with its answer (completed here, then on to
 * where the person was going); after a sign-out, without one (on to the client login).
 */
export default function SingleSignOnPage() {
  const { t } = useT();
  const completeSingleSignOn = useSingleSignOnCallback();
  const navigate = useNavigate();
  const location = useLocation();
  const loginPath = useRoutePath('login');
  const [failed, setFailed] = useState(false);
  // The provider's answer is single use: processed once even when effects run twice (StrictMode).
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    void completeSingleSignOn(window.location.href).then((outcome) => {
      if (outcome.ok) {
        void navigate(outcome.to, { replace: true });
      } else if (outcome.reason === 'no-result') {
        void navigate(loginPath, { replace: true });
      } else {
        setFailed(true);
        // The code and state are spent: keep them out of the address bar and the history.
        void navigate({ pathname: location.pathname }, { replace: true });
      }
    });
  }, [completeSingleSignOn, navigate, loginPath, location.pathname]);

  return (
    <AuthCard title={t('singleSignOn.title')}>
      {failed ? (
        <>
          <Alert color="red" role="alert">
            {t('errors.singleSignOnFailed')}
          </Alert>
          <Anchor component={Link} to={loginPath}>
            {t('singleSignOn.backToLogin')}
          </Anchor>
        </>
      ) : (
        <Center py="lg">
          <Loader role="progressbar" aria-label={t('singleSignOn.completing')} />
        </Center>
      )}
    </AuthCard>
  );
}
