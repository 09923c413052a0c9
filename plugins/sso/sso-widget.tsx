import { Anchor, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTrack } from '@portal/plugin-api';
import type { WidgetOptions, WidgetProps } from '@portal/plugin-api';
import type { ssoOptions } from './options.ts';
import { useT } from './translation.ts';

/** Where customers learn to link their accounts for single sign-on comes from the manifest (`options.url`). */
function SsoWidget({ widgetId, options }: WidgetProps<WidgetOptions<typeof ssoOptions>>) {
  const { t } = useT();
  const track = useTrack();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('sso.explanation')}</Text>
      <Anchor
        href={options.url}
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
