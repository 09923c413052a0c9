import { Alert, Anchor, Center, Text } from '@mantine/core';
import { LoadingIndicator } from '@portal/ui';
import { useNavigate } from 'react-router';
import { useLatestTerms, useTermsContent } from '@portal/plugin-api';
import { AuthCard } from './auth-layout.tsx';
import { useT } from './translation.ts';

/** The full text of the latest terms of use, on a page of its own (linked from the terms page). */
export default function TermsTextPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const latest = useLatestTerms();
  const content = useTermsContent(language.startsWith('en') ? 'en' : 'fr');
  return (
    <AuthCard title={t('terms.fullTextTitle')} size={720}>
      {latest.data === undefined ? null : (
        <Text size="sm">
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
        // Plain text, never HTML: the terms come from outside the portal.
        <Text component="div" style={{ whiteSpace: 'pre-wrap' }} data-terms-text="">
          {content.data.content}
        </Text>
      )}
      <Anchor
        component="button"
        type="button"
        onClick={() => {
          void navigate(-1);
        }}
      >
        {t('terms.back')}
      </Anchor>
    </AuthCard>
  );
}
