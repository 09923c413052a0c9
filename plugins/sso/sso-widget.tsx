import { Anchor, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { WidgetProps } from '../../src/plugin-api/define.ts';
import { useTrack } from '../../src/plugin-api/hooks.ts';
import { usePluginTranslation } from '../../src/plugin-api/translation.ts';

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
