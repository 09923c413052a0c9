import { Alert, Anchor, Button, Center, Text } from '@mantine/core';
import { LoadingIndicator } from '@portal/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCollaboratorSignIn, useRoutePath } from '@portal/plugin-api';
import { AuthCard, WRAPPING_BUTTON } from './auth-layout.tsx';
import { CHOICE_PARAM } from './params.ts';
import { SessionExpiredModal } from './session-expired-modal.tsx';
import { useT } from './translation.ts';

type Phase = 'completing' | 'idle' | 'starting';

export default function CollaboratorLoginPage() {
  const { t } = useT();
  const { hasProviderAnswer, completeCollaboratorSignIn, startCollaboratorSignIn } = useCollaboratorSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const loginPath = useRoutePath('login');
  const [phase, setPhase] = useState<Phase>(() =>
    hasProviderAnswer(window.location.href) ? 'completing' : 'idle',
  );
  const [failed, setFailed] = useState(false);
  // The provider's answer is single use: processed once even when effects run twice (StrictMode).
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const url = window.location.href;
    void completeCollaboratorSignIn(url).then((outcome) => {
      if (outcome.ok) {
        void navigate(outcome.to, { replace: true });
        return;
      }
      if (outcome.reason !== 'no-result') {
        setFailed(true);
        // The code and state are spent: keep them out of the address bar and the history.
        void navigate({ pathname: location.pathname }, { replace: true });
      }
      setPhase('idle');
    });
  }, [completeCollaboratorSignIn, navigate, location.pathname]);

  async function start() {
    setPhase('starting');
    setFailed(false);
    const outcome = await startCollaboratorSignIn(redirect);
    if (outcome === 'redirecting') return;
    if (outcome.ok) {
      void navigate(outcome.to, { replace: true });
      return;
    }
    setFailed(true);
    setPhase('idle');
  }

  const clientLink = {
    pathname: loginPath,
    search: `?${new URLSearchParams({ [CHOICE_PARAM]: 'client', ...(redirect === null ? {} : { redirect }) }).toString()}`,
  };

  return (
    <AuthCard title={t('collaboratorLogin.title')}>
      <SessionExpiredModal />
      {phase === 'completing' ? (
        <Center py="lg">
          <LoadingIndicator label={t('collaboratorLogin.completing')} />
        </Center>
      ) : (
        <>
          <Text>{t('collaboratorLogin.intro')}</Text>
          {failed && (
            <Alert color="red" role="alert">
              {t('errors.collaboratorFailed')}
            </Alert>
          )}
          <Button
            onClick={() => void start()}
            loading={phase === 'starting'}
            disabled={phase === 'starting'}
            fullWidth
            styles={WRAPPING_BUTTON}
          >
            {t('collaboratorLogin.submit')}
          </Button>
          <Anchor component={Link} to={clientLink} size="sm">
            {t('collaboratorLogin.clientLink')}
          </Anchor>
        </>
      )}
    </AuthCard>
  );
}
