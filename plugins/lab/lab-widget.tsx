import { memo } from 'react';
import { useTrack } from '@portal/plugin-api';
import type { linkOptions, WidgetOptions, WidgetProps } from '@portal/plugin-api';
import { LinkWidget } from '@portal/ui';
import { useT } from './translation.ts';

/** The page comes from the manifest (`options.url`); the text and link label are translated. */
function LabWidget({ widgetId, options }: WidgetProps<WidgetOptions<typeof linkOptions>>) {
  const { t } = useT();
  const track = useTrack();
  const onOpen = () => track('widgetInteracted', { widget: widgetId, action: 'open-lab' });
  return (
    <LinkWidget text={t('lab.presentation')} link={{ href: options.url, label: t('lab.link'), onOpen }} />
  );
}

export default memo(LabWidget);
