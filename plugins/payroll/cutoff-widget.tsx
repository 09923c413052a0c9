import { Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { memo } from 'react';
import { daysUntil, useRouteHref, useSelectedEntity, useTrack } from '@portal/plugin-api';
import type { WidgetProps } from '@portal/plugin-api';
import { LinkWidget, widgetQueryState } from '@portal/ui';
import { usePayrollMonthsQuery } from './payroll-api.ts';
import { useT } from './translation.ts';

/** The current month's payroll variables: the days left before the cut-off, by the gateway's day. */
function CutoffWidget({ widgetId }: WidgetProps) {
  const { t, language } = useT();
  const accountId = useSelectedEntity()?.entity.accountId;
  const months = usePayrollMonthsQuery(accountId ?? skipToken);
  const to = useRouteHref('entity.payroll');
  const track = useTrack();
  const waiting = widgetQueryState({
    isError: months.isError,
    isLoading: months.currentData === undefined,
    texts: { error: t('widget.error'), loading: t('widget.loading') },
  });
  if (waiting !== null || months.currentData === undefined) return waiting;
  const { today, current, items } = months.currentData;
  const month = items.find((item) => item.month === current);
  if (month === undefined) return null;
  const date = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month.cutoffOn}T00:00:00Z`),
  );
  const days = daysUntil(month.cutoffOn, today);
  const waitingForCustomer = month.status === 'open' || month.status === 'correction';
  const headline = !waitingForCustomer
    ? t('widget.sent')
    : days > 0
      ? t('widget.daysLeft', { count: days, date })
      : days === 0
        ? t('widget.dueToday', { date })
        : t('widget.late', { count: -days });
  const monthName = new Intl.DateTimeFormat(language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${current}-01T00:00:00Z`));
  return (
    <LinkWidget
      text={t('widget.month', { month: monthName })}
      link={
        to === undefined
          ? undefined
          : {
              to,
              label: t('widget.open'),
              onOpen: () => track('widgetInteracted', { widget: widgetId, action: 'open-payroll' }),
            }
      }
    >
      <Text fw={700} size="lg" {...(waitingForCustomer && days < 0 ? { c: 'red.9' } : {})}>
        {headline}
      </Text>
    </LinkWidget>
  );
}

export default memo(CutoffWidget);
