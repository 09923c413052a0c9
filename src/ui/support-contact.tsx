import { Anchor, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportDetails } from '../../kernel/schemas/portal-config.ts';

/** The hours in the person's language, else the first the manifest gives (the firm wrote at least one). */
export function supportHours(hours: SupportDetails['hours'], language: string): string | undefined {
  if (hours === undefined) return undefined;
  return hours[language] ?? Object.values(hours)[0];
}

/**
 * The firm's support contact (SPEC 9): who answers, a phone to call, an address to write to, when. Only
 * what the manifest gives shows; without a contact (`support` undefined) nothing does.
 *
 * @example
 * <SupportContact support={useBranding()?.support} />
 */
export function SupportContact({ support }: { support: SupportDetails | undefined }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  if (support === undefined) return null;
  const hours = supportHours(support.hours, i18n.language);
  return (
    <Stack gap={0} component="section" aria-labelledby={titleId} data-support-contact="">
      <Text fw={700} id={titleId}>
        {t('supportContact.title')}
      </Text>
      {support.name === undefined ? null : <Text size="sm">{support.name}</Text>}
      {support.phone === undefined ? null : (
        <Text size="sm">
          {t('supportContact.phone')}{' '}
          <Anchor href={`tel:${support.phone.replace(/[^+0-9]/g, '')}`}>{support.phone}</Anchor>
        </Text>
      )}
      {support.email === undefined ? null : (
        <Text size="sm">
          {t('supportContact.email')} <Anchor href={`mailto:${support.email}`}>{support.email}</Anchor>
        </Text>
      )}
      {hours === undefined ? null : (
        <Text size="sm">
          {t('supportContact.hours')} {hours}
        </Text>
      )}
    </Stack>
  );
}
