import { Alert, Center, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadingIndicator } from '@portal/ui';
import { useT } from './translation.ts';

/** The version and date of the latest terms, with what the page adds after it (a link to the full text). */
export function TermsVersion({
  terms,
  children,
}: {
  terms: { version: string; publishedAt: string } | undefined;
  children?: ReactNode;
}) {
  const { t, language } = useT();
  if (terms === undefined) return null;
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(terms.publishedAt));
  return (
    <Text size="sm">
      {t('terms.version', { version: terms.version, date })}
      {children}
    </Text>
  );
}

/**
 * The text of the terms once loaded, framed by the page (`children`), or its loading indicator or its
 * failure. Plain text, never HTML: the terms come from outside the portal.
 */
export function TermsText({
  content,
  children,
}: {
  content: { isLoading: boolean; data?: { content: string } | undefined };
  children: (text: string) => ReactNode;
}) {
  const { t } = useT();
  if (content.isLoading)
    return (
      <Center py="lg">
        <LoadingIndicator label={t('terms.loading')} />
      </Center>
    );
  if (content.data === undefined)
    return (
      <Alert color="red" role="alert">
        {t('terms.loadFailed')}
      </Alert>
    );
  return children(content.data.content);
}
