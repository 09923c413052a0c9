import { Alert, Button, Center, Group, ScrollArea, Text } from '@mantine/core';
import { LoadingIndicator } from '@portal/ui';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useLatestTerms, useSignOut, useTermsAcceptance, useTermsContent } from '@portal/plugin-api';
import { AuthCard } from './auth-layout.tsx';
import { useT } from './translation.ts';

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

  async function accept() {
    setSending(true);
    setFailed(false);
    try {
      await acceptTerms(termsId);
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
      {latest.data === undefined ? null : (
        <Text size="sm" c="dimmed">
          {t('terms.version', {
            version: latest.data.version,
            date: new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(
              new Date(latest.data.publishedAt),
            ),
          })}
        </Text>
      )}
      {content.isLoading ? (
        <Center py="lg">
          <LoadingIndicator label={t('terms.loading')} />
        </Center>
      ) : content.data === undefined ? (
        <Alert color="red" role="alert">
          {t('terms.loadFailed')}
        </Alert>
      ) : (
        <ScrollArea.Autosize mah={320} type="auto">
          {/* Plain text, never HTML: the terms come from outside the portal. */}
          <Text
            component="div"
            role="document"
            aria-label={t('terms.contentLabel')}
            tabIndex={0}
            style={{ whiteSpace: 'pre-wrap' }}
          >
            {content.data.content}
          </Text>
        </ScrollArea.Autosize>
      )}
      {failed && (
        <Alert color="red" role="alert">
          {t('errors.requestFailed')}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => void signOut()}>
          {t('terms.signOut')}
        </Button>
        <Button
          onClick={() => void accept()}
          loading={sending}
          disabled={
            sending || content.data === undefined || latest.isLoading || !Number.isSafeInteger(termsId)
          }
        >
          {t('terms.accept')}
        </Button>
      </Group>
    </AuthCard>
  );
}
