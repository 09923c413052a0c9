import { Alert, Anchor, Button, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  useBranding,
  useLatestTerms,
  useRoutePath,
  useSignOut,
  useTermsAcceptance,
  useTermsContent,
} from '@portal/plugin-api';
import { AuthCard } from './auth-layout.tsx';
import { useTermsAcceptanceStateQuery } from './terms-api.ts';
import { TermsText, TermsVersion } from './terms-parts.tsx';
import { useT } from './translation.ts';
import { showWelcome } from './welcome-notice.ts';

export default function TermsValidationPage() {
  const { t, language } = useT();
  const { acceptTerms, destinationAfterSignIn } = useTermsAcceptance();
  const leave = useSignOut();
  const navigate = useNavigate();
  const { termsId: rawTermsId } = useParams();
  const [params] = useSearchParams();
  // The latest terms are the ones shown and accepted: an older id in the address (a stale link) would be
  // refused by the gateway although the text on screen is the latest.
  const latest = useLatestTerms();
  const termsId = latest.data?.termsId ?? Number(rawTermsId);
  const content = useTermsContent(language.startsWith('en') ? 'en' : 'fr');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const state = useTermsAcceptanceStateQuery();
  const firmName = useBranding()?.firmName;
  const fullTextPath = useRoutePath('termsText');

  async function accept() {
    setSending(true);
    setFailed(false);
    try {
      await acceptTerms(termsId);
      // A first acceptance only (terms accepted before: an update of them, no welcome).
      if (state.data?.acceptedBefore === false)
        showWelcome(
          firmName === undefined ? t('terms.welcomeNoFirm') : t('terms.welcome', { firm: firmName }),
          t('terms.closeWelcome'),
        );
      // Continue to where they were going, or the landing page.
      void navigate(destinationAfterSignIn(params.get('redirect')), { replace: true });
    } catch {
      setFailed(true);
      setSending(false);
    }
  }

  async function signOut() {
    const outcome = await leave();
    if (!outcome.redirected) void navigate(outcome.to, { replace: true });
  }

  return (
    <AuthCard title={t('terms.title')}>
      <Text>{t('terms.intro')}</Text>
      <TermsVersion terms={latest.data}>
        {' '}
        <Anchor component={Link} to={fullTextPath}>
          {t('terms.fullText')}
        </Anchor>
      </TermsVersion>
      <TermsText content={content}>
        {(text) => (
          <ScrollArea.Autosize mah={320} type="auto">
            <Text
              component="div"
              role="document"
              aria-label={t('terms.contentLabel')}
              tabIndex={0}
              style={{ whiteSpace: 'pre-wrap' }}
            >
              {text}
            </Text>
          </ScrollArea.Autosize>
        )}
      </TermsText>
      {failed && (
        <Alert color="red" role="alert">
          {t('errors.requestFailed')}
        </Alert>
      )}
      {/* Accepting is what the page is for: the primary action first; leaving comes after it, quieter. */}
      <Stack gap="xs">
        <Button
          fullWidth
          onClick={() => void accept()}
          loading={sending}
          disabled={
            sending ||
            content.data === undefined ||
            latest.isLoading ||
            state.isLoading ||
            !Number.isSafeInteger(termsId)
          }
        >
          {t('terms.accept')}
        </Button>
        {/* Quiet (subtle, no fill) yet readable: its text is the body's near-black, AA on the card. */}
        <Button variant="subtle" color="gray" c="gray.9" fullWidth onClick={() => void signOut()}>
          {t('terms.signOut')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
