import { Anchor, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTrack } from '@portal/plugin-api';
import type { WidgetOptions, WidgetProps } from '@portal/plugin-api';
import type { labOptions } from './options.ts';
import { useT } from './translation.ts';

/** The lab's page comes from the manifest (`options.url`); the link text and description are translated. */
function LabWidget({ widgetId, options }: WidgetProps<WidgetOptions<typeof labOptions>>) {
  const { t } = useT();
  const track = useTrack();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('lab.presentation')}</Text>
      <Anchor
        href={options.url}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => track('widgetInteracted', { widget: widgetId, action: 'open-lab' })}
      >
        {t('lab.link')}
      </Anchor>
    </Stack>
  );
}

export default memo(LabWidget);
