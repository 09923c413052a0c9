import { Anchor, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import { useRouteHref, useTrack } from '@portal/plugin-api';
import type { WidgetProps } from '@portal/plugin-api';
import { useT } from './translation.ts';

function AccountingIntro({ widgetId }: WidgetProps) {
  const { t } = useT();
  const accountingHref = useRouteHref('entity.accounting');
  const track = useTrack();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('intro.presentation')}</Text>
      {accountingHref !== undefined && (
        <Anchor
          component={Link}
          to={accountingHref}
          onClick={() => track('widgetInteracted', { widget: widgetId, action: 'open-accounting' })}
        >
          {t('intro.link')}
        </Anchor>
      )}
    </Stack>
  );
}

export default memo(AccountingIntro);
