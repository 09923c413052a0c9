import { Anchor, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import { useRouteHref, useSelectedEntity, useTrack } from '@portal/plugin-api';
import type { WidgetProps } from '@portal/plugin-api';
import { useT } from './translation.ts';

function BiIntro({ widgetId }: WidgetProps) {
  const { t } = useT();
  const reportsCount = useSelectedEntity()?.reportsCount ?? 0;
  // The route's own manifest rules say whether this user may open the reports.
  const reportsHref = useRouteHref('entity.biReports');
  const track = useTrack();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('intro.presentation')}</Text>
      {reportsCount > 0 && reportsHref !== undefined ? (
        <>
          <Text size="sm">{t('intro.available', { count: reportsCount })}</Text>
          <Anchor
            component={Link}
            to={reportsHref}
            onClick={() => track('widgetInteracted', { widget: widgetId, action: 'open-bi-reports' })}
          >
            {t('intro.link')}
          </Anchor>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('intro.none')}
        </Text>
      )}
    </Stack>
  );
}

export default memo(BiIntro);
