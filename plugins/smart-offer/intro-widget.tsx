import { Text } from '@mantine/core';
import { memo } from 'react';
import { useOfferPrice, useRouteHref, useSelectedEntity, useTrack } from '@portal/plugin-api';
import type { WidgetProps } from '@portal/plugin-api';
import { LinkWidget } from '@portal/ui';
import { useT } from './translation.ts';

function SmartOfferIntro({ widgetId }: WidgetProps) {
  const { t, language } = useT();
  const { price } = useOfferPrice();
  const selected = useSelectedEntity();
  const to = useRouteHref('entity.offers');
  const track = useTrack();
  const formatted = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 2,
  }).format(price(selected?.entity.accountNumber));
  const onOpen = () => track('widgetInteracted', { widget: widgetId, action: 'open-offers' });
  return (
    <LinkWidget
      text={t('intro.presentation')}
      link={to === undefined ? undefined : { to, label: t('intro.link'), onOpen }}
    >
      <Text fw={700} size="lg">
        {t('intro.price', { price: formatted })}
      </Text>
    </LinkWidget>
  );
}

export default memo(SmartOfferIntro);
