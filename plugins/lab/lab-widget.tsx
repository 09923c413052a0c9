import { Anchor, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { usePluginTranslation, useTrack } from '@portal/plugin-api';
import type { WidgetProps } from '@portal/plugin-api';

/** The lab's public page; the link text and its description are translated. */
const LAB_URL = 'https://lab.cabinet.example/';

function LabWidget({ widgetId }: WidgetProps) {
  const { t } = usePluginTranslation('lab');
  const track = useTrack();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('lab.presentation')}</Text>
      <Anchor
        href={LAB_URL}
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
