import { Anchor, Stack, Text } from '@mantine/core';
import { LoadingIndicator } from '@portal/ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { memo } from 'react';
import { Link } from 'react-router';
import { useRouteHref, useSelectedEntity, useTrack } from '@portal/plugin-api';
import type { WidgetProps } from '@portal/plugin-api';
import { latestDocuments, useAccountingDocumentsQuery } from './documents-api.ts';
import classes from './documents-table.module.css';
import { useT } from './translation.ts';

const SHOWN = 5;

function AccountingDocuments({ widgetId }: WidgetProps) {
  const { t, language } = useT();
  const accountId = useSelectedEntity()?.entity.accountId;
  const { currentData, isFetching, isError } = useAccountingDocumentsQuery(accountId ?? skipToken);
  const allHref = useRouteHref('entity.accounting');
  const track = useTrack();
  if (isError) return <Text c="red">{t('documents.error')}</Text>;
  if (currentData === undefined || isFetching)
    return <LoadingIndicator size="sm" label={t('documents.loading')} />;
  const documents = latestDocuments(currentData.items, SHOWN);
  return (
    <Stack gap="sm">
      {documents.length === 0 ? (
        <Text c="dimmed">{t('documents.empty')}</Text>
      ) : (
        <table className={classes.table}>
          <thead>
            <tr>
              <th>{t('documents.name')}</th>
              <th>{t('documents.uploadedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {documents.map((document) => (
              <tr key={document.id}>
                <td>{document.name}</td>
                <td>
                  <time dateTime={document.uploadedAt}>
                    {new Date(document.uploadedAt).toLocaleDateString(language)}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {allHref !== undefined && (
        <Anchor
          component={Link}
          to={allHref}
          onClick={() => track('widgetInteracted', { widget: widgetId, action: 'open-documents' })}
        >
          {t('documents.all')}
        </Anchor>
      )}
    </Stack>
  );
}

export default memo(AccountingDocuments);
