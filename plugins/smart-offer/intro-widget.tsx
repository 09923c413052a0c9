import { Anchor, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import { useConstant, useRouteHref, useSelectedEntity, useTrack } from '@portal/plugin-api';
import type { WidgetProps } from '@portal/plugin-api';
import { smartOfferPrice } from './price.ts';
import { useT } from './translation.ts';

function SmartOfferIntro({ widgetId }: WidgetProps) {
  const { t, language } = useT();
  const pricing = useConstant('smartOffer');
  const selected = useSelectedEntity();
  const offersHref = useRouteHref('entity.offers');
  const track = useTrack();
  const price = smartOfferPrice(pricing, selected?.entity.accountNumber);
  const formatted = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 2,
  }).format(price);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('intro.presentation')}</Text>
      <Text fw={700} size="lg">
        {t('intro.price', { price: formatted })}
      </Text>
      {offersHref !== undefined && (
        <Anchor
          component={Link}
          to={offersHref}
          onClick={() => track('widgetInteracted', { widget: widgetId, action: 'open-offers' })}
        >
          {t('intro.link')}
        </Anchor>
      )}
    </Stack>
  );
}

export default memo(SmartOfferIntro);
