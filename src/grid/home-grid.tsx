import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { LoadingIndicator } from '../ui/loading-indicator.tsx';
import { skipToken } from '@reduxjs/toolkit/query';
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../store/hooks.ts';
import { selectConditionContext } from '../plugin-host/condition-context.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { chooseWidgetSet } from '../manifest/navigation.ts';
import type { WidgetSize } from '../plugin-host/plugin-definition.ts';
import type { Placed } from './grid-placement.ts';
import { MARGIN, ROW_HEIGHT, defaultLayout, mendLayout } from './layout.ts';
import type { GridCell } from './layout.ts';
import { useHomeLayoutQuery, useSaveHomeLayoutMutation } from './layout-api.ts';
import { Profiled } from './profiling.tsx';
import { StaticGrid } from './static-grid.tsx';
import type { GridContent } from './static-grid.tsx';
import { preloadWidget } from './lazy-widget.ts';
import { WidgetFrame } from './widget-frame.tsx';

// The grid library (drag, resize, its styles) comes with the edit mode only: the home shows the same
// cells with CSS grid (static-grid.tsx).
const EditableGrid = lazy(() => import('./editable-grid.tsx'));

/** Rows a widget takes when its definition does not say. */
const DEFAULT_WIDGET_HEIGHT = 2;
// One shared object, so a widget without options keeps equal props across renders.
const NO_OPTIONS: Readonly<Record<string, never>> = Object.freeze({});

type Draft = { accountId: number; cells: GridCell[] };

type SaveState = 'idle' | 'saved' | 'failed';

function asWidgetSize(width: number): WidgetSize {
  return Math.min(4, Math.max(1, Math.round(width))) as WidgetSize;
}

/**
 * The widgets of the set the manifest chooses for this session, with what the grid needs up front; null
 * when the home has no grid at all (`homeWidgets.when`, the homeWidgets flag).
 */
function usePlacements(): Placed[] | null {
  const { config, flags, registry, logger } = useRuntime();
  const context = useAppSelector((state) => selectConditionContext(state, config, flags));
  return useMemo(() => {
    const chosen = chooseWidgetSet(config, context);
    if (chosen === undefined) return null;
    return chosen.widgets.flatMap((placement) => {
      const widget = registry.widget(placement.widget);
      if (widget === undefined) {
        // The manifest lint rejects this at start; kept as a guard for hand-made runtimes.
        logger.error(`No plugin provides the widget ${placement.widget}`);
        return [];
      }
      // Every widget's code at once, before each frame asks once its strings are in (when the selection's
      // warm-up has not already: another page of the same entity, then its home).
      const { definition } = widget;
      void preloadWidget(definition);
      return [
        {
          widget: placement.widget,
          size: placement.size,
          height: definition.height ?? DEFAULT_WIDGET_HEIGHT,
          pluginId: widget.pluginId,
          definition,
          // Checked against the widget's schema by `npm run validate`; none is an empty object.
          options: placement.options ?? NO_OPTIONS,
        },
      ];
    });
  }, [config, context, registry, logger]);
}

/**
 * The home widget grid, which the engine draws under the page of a route that sets `homeGrid` (the
 * entity home): the manifest's widget set for this session in a responsive grid (4 columns
 * on a desktop, 2 on a tablet, 1 on a phone), with the user's own saved layout for the selected entity
 * and an edit mode (react-grid-layout, loaded on demand) to rearrange, resize, save and reset it.
 */
export function HomeGrid() {
  const { t } = useTranslation();
  const { logger } = useRuntime();
  const accountId = useAppSelector((state) => state.session.selectedEntity?.accountId);
  const chosen = usePlacements();
  const gridOff = chosen === null;
  const placements = useMemo(() => chosen ?? [], [chosen]);
  const byWidget = useMemo(() => new Map(placements.map((p) => [p.widget, p])), [placements]);
  const fallback = useMemo(() => defaultLayout(placements), [placements]);

  // `data` keeps the previous entity's answer while the next one loads, so the grid is not torn down.
  // No grid, no layout to read.
  const layoutQuery = useHomeLayoutQuery(gridOff ? skipToken : (accountId ?? skipToken));
  const savedCells = layoutQuery.data?.layout;
  const userCells = useMemo(
    () => (savedCells === undefined ? fallback : mendLayout(savedCells, placements)),
    [savedCells, fallback, placements],
  );

  const [draft, setDraft] = useState<Draft | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [announcement, setAnnouncement] = useState('');
  const [saveLayout, saveResult] = useSaveHomeLayoutMutation();
  const editing = draft !== null && draft.accountId === accountId;
  const cells = editing ? draft.cells : userCells;

  const changeDraft = useCallback(
    (next: GridCell[]) => {
      if (accountId === undefined) return;
      setDraft({ accountId, cells: next });
      setSaveState('idle');
    },
    [accountId],
  );

  const save = async () => {
    if (!editing) return;
    try {
      await saveLayout({ accountId: draft.accountId, body: { layout: draft.cells } }).unwrap();
      setDraft(null);
      setSaveState('saved');
    } catch (error) {
      // The draft stays: nothing the user arranged is lost (DESIGN principle 6).
      logger.error('Saving the home layout failed', error);
      setSaveState('failed');
    }
  };

  const onAnnounce = useCallback((text: string) => {
    setAnnouncement(text);
  }, []);

  const renderCell = useCallback(
    (cell: GridCell) => {
      const placed = byWidget.get(cell.widget);
      if (placed === undefined) return null;
      return (
        <Box style={{ flex: 1, minHeight: 0 }}>
          {/* The frame waits for its plugin's translations; the cell keeps its size meanwhile. */}
          <Suspense fallback={<LoadingIndicator size="sm" label={t('grid.loading')} />}>
            <WidgetFrame
              widgetRef={placed.widget}
              pluginId={placed.pluginId}
              definition={placed.definition}
              size={asWidgetSize(cell.w)}
              options={placed.options}
            />
          </Suspense>
        </Box>
      );
    },
    [byWidget, t],
  );
  const content: GridContent = { cells, renderCell };

  // The grid is off: the page keeps the entity's title and the sidebar, nothing else.
  if (gridOff) return null;
  // Under the route's page, with the page's side and bottom padding (the route has none of its own).
  if (placements.length === 0)
    return (
      <Text c="dimmed" px="md" pb="md">
        {t('grid.empty')}
      </Text>
    );

  const firstLoad = layoutQuery.isLoading;
  const reservedRows = fallback.reduce((max, cell) => Math.max(max, cell.y + cell.h), 0);

  return (
    <Stack gap="sm" px="md" pb="md">
      {accountId !== undefined && (
        <Group gap="sm">
          {editing ? (
            <>
              <Button onClick={() => void save()} loading={saveResult.isLoading}>
                {t('grid.save')}
              </Button>
              <Button variant="default" onClick={() => changeDraft(fallback)}>
                {t('grid.reset')}
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setDraft(null);
                  setSaveState('idle');
                }}
              >
                {t('grid.cancel')}
              </Button>
            </>
          ) : (
            <Button
              variant="default"
              // While the layout loads (first visit, or another entity's), editing would start from cells
              // that are not this entity's and could save them to it.
              disabled={layoutQuery.isFetching}
              onClick={() => {
                changeDraft(userCells);
                setAnnouncement('');
              }}
            >
              {t('grid.edit')}
            </Button>
          )}
        </Group>
      )}
      {editing && (
        <Text size="sm" c="dimmed">
          {t('grid.editHelp')}
        </Text>
      )}
      <div role="status" aria-live="polite">
        {saveState === 'saved' && <Text size="sm">{t('grid.saved')}</Text>}
        {editing && announcement !== '' && <Text size="sm">{announcement}</Text>}
      </div>
      {saveState === 'failed' && <Alert color="red">{t('grid.saveFailed')}</Alert>}
      <Box data-editing={editing ? 'true' : undefined}>
        {firstLoad ? (
          // Reserve the default grid's height so nothing below moves when the widgets arrive.
          <Stack
            align="center"
            justify="center"
            mih={reservedRows * (ROW_HEIGHT + MARGIN[1])}
            aria-busy="true"
          >
            <LoadingIndicator label={t('grid.loading')} />
          </Stack>
        ) : editing ? (
          // Until the grid library arrives and measures, the same cells stay where they are.
          <Suspense fallback={<StaticGrid {...content} />}>
            <EditableGrid {...content} byWidget={byWidget} onChange={changeDraft} onAnnounce={onAnnounce} />
          </Suspense>
        ) : (
          <Profiled id="grid">
            <StaticGrid {...content} />
          </Profiled>
        )}
      </Box>
    </Stack>
  );
}
