import { memo } from 'react';
import { useRouteHref, useTrack } from '@portal/plugin-api';
import type { WidgetProps } from '@portal/plugin-api';
import { LinkWidget } from '@portal/ui';
import { useT } from './translation.ts';

function AccountingIntro({ widgetId }: WidgetProps) {
  const { t } = useT();
  const to = useRouteHref('entity.accounting');
  const track = useTrack();
  const onOpen = () => track('widgetInteracted', { widget: widgetId, action: 'open-accounting' });
  return (
    <LinkWidget
      text={t('intro.presentation')}
      link={to === undefined ? undefined : { to, label: t('intro.link'), onOpen }}
    />
  );
}

export default memo(AccountingIntro);
