import { memo } from 'react';
import { useTrack } from '@portal/plugin-api';
import type { linkOptions, WidgetOptions, WidgetProps } from '@portal/plugin-api';
import { LinkWidget } from '@portal/ui';
import { useT } from './translation.ts';

/** The page comes from the manifest (`options.url`); the text and link label are translated. */
function SsoWidget({ widgetId, options }: WidgetProps<WidgetOptions<typeof linkOptions>>) {
  const { t } = useT();
  const track = useTrack();
  const onOpen = () => track('widgetInteracted', { widget: widgetId, action: 'open-sso-help' });
  return (
    <LinkWidget text={t('sso.explanation')} link={{ href: options.url, label: t('sso.link'), onOpen }} />
  );
}

export default memo(SsoWidget);
