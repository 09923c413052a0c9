import { Text } from '@mantine/core';
import { LinkWidget, widgetQueryState } from '@portal/ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { memo } from 'react';
import { useRouteHref, useSelectedEntity, useTrack } from '@portal/plugin-api';
import type { WidgetProps } from '@portal/plugin-api';
import { FIRST_ROWS, useAccountingDocumentsQuery } from './documents-api.ts';
import classes from './documents-table.module.css';
import { useT } from './translation.ts';

/**
 * The day as the list's "Ajouté le" column writes it (formatDay of @portal/ui, whose import would add a
 * chunk to the entity home): short in French, medium in English, in UTC.
 */
const dayOf = (timestamp: string, language: string) =>
  new Date(timestamp).toLocaleDateString(language, {
    dateStyle: language.startsWith('fr') ? 'short' : 'medium',
    timeZone: 'UTC',
  });

function AccountingDocuments({ widgetId }: WidgetProps) {
  const { t, language } = useT();
  const accountId = useSelectedEntity()?.entity.accountId;
  // The first rows of the page the link opens, in its order (documents-api.ts).
  const { currentData, isFetching, isError } = useAccountingDocumentsQuery(accountId ?? skipToken);
  // The list these rows come from (the accounting archive); documents v2 (the accounting entry) lists the
  // software's documents instead, so it is the link only for those the archive is closed to.
  const archive = useRouteHref('entity.accounting.archive');
  const accounting = useRouteHref('entity.accounting');
  const to = archive ?? accounting;
  const track = useTrack();
  const isLoading = currentData === undefined || isFetching;
  const waiting = widgetQueryState({
    isError,
    isLoading,
    texts: { error: t('documents.error'), loading: t('documents.loading') },
  });
  const head = (
    <thead>
      <tr>
        <th>{t('documents.name')}</th>
        <th>{t('documents.uploadedAt')}</th>
      </tr>
    </thead>
  );
  const onOpen = () => track('widgetInteracted', { widget: widgetId, action: 'open-documents' });
  const link = to === undefined ? undefined : { to, label: t('documents.all'), onOpen };
  if (isLoading && !isError)
    // The table's head and as many blank rows as the answer can hold, under the loader, so the cards
    // below do not move down when the answer arrives (the home's layout shift on a reload).
    return (
      <LinkWidget link={link}>
        <div className={classes.pending}>
          {waiting}
          <table className={classes.table} aria-hidden>
            {head}
            <tbody>
              {Array.from({ length: FIRST_ROWS.pageSize }, (_, row) => (
                <tr key={row}>
                  <td>&nbsp;</td>
                  <td />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LinkWidget>
    );
  if (waiting !== null || currentData === undefined) return waiting;
  const documents = currentData.items;
  return (
    <LinkWidget link={link}>
      {documents.length === 0 ? (
        <Text c="dimmed">{t('documents.empty')}</Text>
      ) : (
        <table className={classes.table}>
          {head}
          <tbody>
            {documents.map((document) => (
              <tr key={document.id}>
                <td>{document.name}</td>
                <td>{dayOf(document.createdAt, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </LinkWidget>
  );
}

export default memo(AccountingDocuments);
