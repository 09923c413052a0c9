import { Select } from '@mantine/core';
import type { ComboboxItemGroup } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EntitySummary } from '../api/types.ts';
import { selectConditionContext } from '../plugin-host/condition-context.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';
import type { RootState } from '../store/store.ts';
import { selectCurrentUser, selectSelectedEntity } from '../store/session-slice.ts';
import { routeAccess } from '../manifest/navigation.ts';
import { indexRoutes } from '../manifest/route-index.ts';
import { useCurrentRoute } from '../routing/current-route.ts';
import { ENTITY_PARAM } from '../routing/redirects.ts';
import { pathTo } from '../routing/route-paths.ts';
import { useNavigationServices, useSwitchingEntity } from '../routing/services.tsx';
import { entityLabel } from './entity-label.ts';

/** How many entities one search shows; the server filters by name or account number. */
const SEARCH_PAGE_SIZE = 20;

const label = entityLabel;

/** The route that declares the entity parameter (the entity area); its index leads to the entity home. */
function entityAreaRoute(config: ReturnType<typeof useRuntime>['config']): string | undefined {
  for (const [name, indexed] of indexRoutes(config)) {
    if (indexed.route.path?.includes(`:${ENTITY_PARAM}`) === true) return name;
  }
  return undefined;
}

/**
 * Search by name or account number, favourites first. Choosing one selects it (permissions loaded, id
 * persisted) and keeps the user on the same page of the new entity when that page is open to them
 * there, else sends them to its home. It takes over from the stand-in of entity-switcher.tsx, which had
 * the focus: it takes the focus (which opens the list) and what was typed meanwhile.
 */
export default function EntitySwitcherSelect({ typed }: { typed: string | null }) {
  const { t } = useTranslation();
  const { config, flags, logger } = useRuntime();
  const services = useNavigationServices();
  const switchingRef = useSwitchingEntity();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const current = useCurrentRoute();
  const user = useAppSelector(selectCurrentUser);
  const selected = useAppSelector(selectSelectedEntity);
  const [search, setSearch] = useState(typed ?? '');
  const input = useRef<HTMLInputElement>(null);
  // On mount the Select sets its search to the selected entity's label: what the person typed stays.
  const keepTyped = useRef(typed !== null);
  useEffect(() => {
    // Focus opens the list (the Select opens on focus), as it would have on the stand-in.
    input.current?.focus();
  }, []);
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search, 250);
  const [entities, setEntities] = useState<readonly EntitySummary[]>([]);
  const [failed, setFailed] = useState(false);

  // While closed, the input shows the selected label: that is not a search.
  const query = opened && selected !== null && debounced === label(selected) ? '' : opened ? debounced : '';
  useEffect(() => {
    // Closed, the switcher shows the selected entity only: the list is asked for when it opens, not on
    // the way in to every page (one gateway call less before the entity home is complete).
    if (!opened) return;
    let live = true;
    services.listEntities({ pageSize: SEARCH_PAGE_SIZE, ...(query === '' ? {} : { search: query }) }).then(
      (items) => {
        if (live) setEntities(items);
      },
      (error: unknown) => logger.error('Could not search entities', error),
    );
    return () => {
      live = false;
    };
  }, [services, logger, query, opened]);

  const data = useMemo((): ComboboxItemGroup[] => {
    const all =
      selected !== null && !entities.some((e) => e.accountId === selected.accountId)
        ? [selected, ...entities]
        : [...entities];
    const favorites = new Set(user?.favoriteEntities ?? []);
    const option = (entity: EntitySummary) => ({ value: String(entity.accountId), label: label(entity) });
    const groups = [
      { group: t('shell.favorites'), items: all.filter((e) => favorites.has(e.accountId)).map(option) },
      { group: t('shell.entities'), items: all.filter((e) => !favorites.has(e.accountId)).map(option) },
    ];
    return groups.filter((group) => group.items.length > 0);
  }, [entities, selected, user, t]);

  const switchTo = async (entityId: number) => {
    setFailed(false);
    switchingRef.current = entityId;
    try {
      await services.selectEntity(entityId);
    } catch (error) {
      switchingRef.current = null;
      logger.error(`Could not switch to entity ${String(entityId)}`, error);
      setFailed(true);
      return;
    }
    const state = dispatch((_dispatch, getState: () => RootState) => getState());
    const context = selectConditionContext(state, config, flags);
    const stay =
      current?.params[ENTITY_PARAM] !== undefined && routeAccess(config, current.name, context).allowed;
    const area = entityAreaRoute(config);
    const target = stay ? current.name : area;
    const params = stay ? { ...current.params, [ENTITY_PARAM]: entityId } : { [ENTITY_PARAM]: entityId };
    if (target !== undefined) await navigate(pathTo(config, logger, target, params));
    switchingRef.current = null;
  };

  return (
    <Select
      ref={input}
      aria-label={t('shell.entitySwitcher')}
      placeholder={t('shell.entitySearch')}
      data={data}
      value={selected === null ? null : String(selected.accountId)}
      searchable
      searchValue={search}
      onSearchChange={(value) => {
        const typedStays = keepTyped.current && selected !== null && value === label(selected);
        keepTyped.current = false;
        if (!typedStays) setSearch(value);
      }}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={t('shell.noEntity')}
      allowDeselect={false}
      error={failed ? t('shell.switchFailed') : undefined}
      onChange={(value) => {
        if (value !== null) void switchTo(Number(value));
      }}
      w={{ base: '100%', xs: 320 }}
      maw={360}
      size="sm"
    />
  );
}
