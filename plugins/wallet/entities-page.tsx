import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConstant, useRouteHref } from '@portal/plugin-api';
import { PageHeader, Placeholders, QueryState } from '@portal/ui';
import { FavoriteButton } from './favorite-button.tsx';
import { PendingInvitations } from './pending-invitations.tsx';
import { useMyEntitiesQuery } from './portfolio-api.ts';
import type { MyEntity } from './portfolio-api.ts';
import { useT } from './translation.ts';

function EntityCard({ entity }: { entity: MyEntity }) {
  const { t } = useT();
  const href = useRouteHref('entity.home', { entityId: entity.accountId });
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0}>
          {href === undefined ? (
            <Text fw={600}>{entity.name}</Text>
          ) : (
            <Anchor
              component={Link}
              to={href}
              fw={600}
              aria-label={t('entities.open', { name: entity.name })}
            >
              {entity.name}
            </Anchor>
          )}
          <Text size="sm" c="dimmed">
            {entity.accountNumber}
            {entity.isSignatory ? ` · ${t('entities.signatory')}` : ''}
          </Text>
        </Stack>
        <FavoriteButton accountId={entity.accountId} name={entity.name} isFavorite={entity.isFavorite} />
      </Group>
    </Paper>
  );
}

/** The customer's entities: SPEC 9's first page size, then more on demand; favourites first. */
export default function EntitiesPage() {
  const { t } = useT();
  const pageSize = useConstant('entitiesPageSize');
  const [pages, setPages] = useState(1);
  // One growing page rather than pages glued together: starring an entity reorders the whole list.
  const entities = useMyEntitiesQuery({ page: 1, pageSize: pageSize * pages });
  const items = entities.data?.items ?? [];
  const remaining = (entities.data?.totalItems ?? 0) - items.length;

  return (
    <Stack gap="md">
      <PageHeader title={t('entities.title')} description={t('entities.intro')} />
      <PendingInvitations />
      <QueryState
        result={entities}
        error={{ title: t('entities.error'), message: t('entities.errorHint'), retryLabel: t('retry') }}
        placeholder={
          <Stack gap="sm" aria-hidden="true">
            <Placeholders count={pageSize} height={72} />
          </Stack>
        }
        empty={
          items.length === 0 && {
            title: t('entities.empty'),
            reason: t('entities.emptyReason'),
            hint: t('entities.emptyHint'),
          }
        }
      >
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('entities.listLabel')}
          aria-busy={entities.isFetching}
        >
          {items.map((entity) => (
            <EntityCard key={entity.accountId} entity={entity} />
          ))}
        </Stack>
      </QueryState>
      {entities.data !== undefined ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" role="status">
            {t('entities.count', { shown: items.length, count: entities.data.totalItems })}
          </Text>
          {remaining > 0 ? (
            <Button
              variant="light"
              onClick={() => setPages((count) => count + 1)}
              loading={entities.isFetching}
            >
              {t('entities.more', { count: Math.min(remaining, pageSize) })}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
