import { Anchor, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { usePluginTranslation, useTrack } from '@portal/plugin-api';
import type { WidgetProps } from '@portal/plugin-api';

/** Where customers learn how to link their accounts for single sign-on. */
const SSO_HELP_URL = 'https://aide.cabinet.example/connexion-unique';

function SsoWidget({ widgetId }: WidgetProps) {
  const { t } = usePluginTranslation('sso');
  const track = useTrack();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('sso.explanation')}</Text>
      <Anchor
        href={SSO_HELP_URL}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => track('widgetInteracted', { widget: widgetId, action: 'open-sso-help' })}
      >
        {t('sso.link')}
      </Anchor>
    </Stack>
  );
}

export default memo(SsoWidget);
