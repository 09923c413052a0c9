import { Anchor, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useLatestTerms, useTermsContent } from '@portal/plugin-api';
import { AuthCard } from './auth-layout.tsx';
import { TermsText, TermsVersion } from './terms-parts.tsx';
import { useT } from './translation.ts';

/** The full text of the latest terms of use, on a page of its own (linked from the terms page). */
export default function TermsTextPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const latest = useLatestTerms();
  const content = useTermsContent(language.startsWith('en') ? 'en' : 'fr');
  return (
    <AuthCard title={t('terms.fullTextTitle')} size={720}>
      <TermsVersion terms={latest.data} />
      <TermsText content={content}>
        {(text) => (
          <Text component="div" style={{ whiteSpace: 'pre-wrap' }} data-terms-text="">
            {text}
          </Text>
        )}
      </TermsText>
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
