import 'react-grid-layout/css/styles.css';
import { ActionIcon, Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { LoadingIndicator } from '../ui/loading-indicator.tsx';
import { skipToken } from '@reduxjs/toolkit/query';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { Responsive, getBreakpointFromWidth, useContainerWidth } from 'react-grid-layout';
import type { Layout, LayoutItem } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../runtime/hooks.ts';
import { selectConditionContext } from '../runtime/condition-context.ts';
import { useRuntime } from '../runtime/runtime.tsx';
import { chooseWidgetSet } from '../manifest/navigation.ts';
import type { WidgetDefinition, WidgetSize } from '../runtime/plugin-definition.ts';
import { usePluginTranslation } from '../runtime/plugin-translation.ts';
import { GridIcon } from './icons.tsx';
import type { GridIconName } from './icons.tsx';
import {
  GRID_BREAKPOINTS,
  GRID_COLUMNS,
  ROW_HEIGHT,
  defaultLayout,
  fromGrid,
  layoutForColumns,
  mendLayout,
  moveCell,
  readingOrder,
  resizeCell,
} from './layout.ts';
import type { GridBreakpoint, GridCell, GridPlacement, MoveDirection } from './layout.ts';
import { useHomeLayoutQuery, useSaveHomeLayoutMutation } from './layout-api.ts';
import { Profiled } from './profiling.tsx';
import { WidgetFrame } from './widget-frame.tsx';

/** Rows a widget takes when its definition does not say. */
const DEFAULT_WIDGET_HEIGHT = 2;
const MARGIN = [16, 16] as const;
// One shared object, so a widget without options keeps equal props across renders.
const NO_OPTIONS: Readonly<Record<string, never>> = Object.freeze({});

type Placed = GridPlacement & { pluginId: string; definition: WidgetDefinition; options: unknown };

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
      const definition = registry.widget(placement.widget);
      if (definition === undefined) {
        // The manifest lint rejects this at start; kept as a guard for hand-made runtimes.
        logger.error(`No plugin provides the widget ${placement.widget}`);
        return [];
      }
      const pluginId = placement.widget.slice(0, placement.widget.indexOf('/'));
      return [
        {
          widget: placement.widget,
          size: placement.size,
          height: definition.height ?? DEFAULT_WIDGET_HEIGHT,
          pluginId,
          definition,
          // Checked against the widget's schema by `npm run validate`; none is an empty object.
          options: placement.options ?? NO_OPTIONS,
        },
      ];
    });
  }, [config, context, registry, logger]);
}

/**
 * The home page's widget grid: the manifest's widget set for this session in a react-grid-layout grid
 * (4 columns on a desktop, 2 on a tablet, 1 on a phone), with the user's own saved layout for the
 * selected entity and an edit mode to rearrange, resize, save and reset it.
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

  const { width, containerRef, mounted } = useContainerWidth();
  const [breakpoint, setBreakpoint] = useState<GridBreakpoint | null>(null);
  const current = breakpoint ?? getBreakpointFromWidth<GridBreakpoint>(GRID_BREAKPOINTS, width);
  const onDesktop = current === 'lg';

  const layouts = useMemo(() => {
    const withLimits = (items: GridCell[], limit: boolean): LayoutItem[] =>
      items.map(({ widget, x, y, w, h }) => {
        const sizes = byWidget.get(widget)?.definition.sizes ?? [w];
        return limit
          ? { i: widget, x, y, w, h, minW: Math.min(...sizes), maxW: Math.max(...sizes) }
          : { i: widget, x, y, w, h };
      });
    return {
      lg: withLimits(cells, true),
      md: withLimits(layoutForColumns(cells, GRID_COLUMNS.md), false),
      sm: withLimits(layoutForColumns(cells, GRID_COLUMNS.sm), false),
    };
  }, [cells, byWidget]);

  const changeDraft = useCallback(
    (next: GridCell[]) => {
      if (accountId === undefined) return;
      setDraft({ accountId, cells: next });
      setSaveState('idle');
    },
    [accountId],
  );

  const onUserChange = useCallback(
    (layout: Layout) => {
      if (editing && onDesktop) changeDraft(fromGrid(layout));
    },
    [editing, onDesktop, changeDraft],
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

  const onKeyboard = useCallback(
    (widget: string, title: string, action: MoveDirection | 'wider' | 'narrower') => {
      if (!editing) return;
      const sizes = byWidget.get(widget)?.definition.sizes ?? [];
      const next =
        action === 'wider' || action === 'narrower'
          ? resizeCell(draft.cells, widget, action, sizes)
          : moveCell(draft.cells, widget, action);
      changeDraft(next);
      const cell = next.find((c) => c.widget === widget);
      if (cell !== undefined)
        setAnnouncement(t('grid.moved', { title, column: cell.x + 1, row: cell.y + 1, width: cell.w }));
    },
    [editing, draft, byWidget, changeDraft, t],
  );

  // The grid is off: the page keeps the entity's title and the sidebar, nothing else.
  if (gridOff) return null;
  if (placements.length === 0) return <Text c="dimmed">{t('grid.empty')}</Text>;

  const firstLoad = layoutQuery.isLoading;
  const reservedRows = fallback.reduce((max, cell) => Math.max(max, cell.y + cell.h), 0);

  return (
    <Stack gap="sm">
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
      <Box ref={containerRef} data-editing={editing ? 'true' : undefined}>
        {firstLoad || !mounted ? (
          // Reserve the default grid's height so nothing below moves when the widgets arrive.
          <Stack
            align="center"
            justify="center"
            mih={reservedRows * (ROW_HEIGHT + MARGIN[1])}
            aria-busy="true"
          >
            <LoadingIndicator label={t('grid.loading')} />
          </Stack>
        ) : (
          <Profiled id="grid">
            <Responsive
              width={width}
              layouts={layouts}
              breakpoints={GRID_BREAKPOINTS}
              cols={GRID_COLUMNS}
              rowHeight={ROW_HEIGHT}
              margin={MARGIN}
              containerPadding={[0, 0]}
              dragConfig={{
                enabled: editing && onDesktop,
                handle: '.portal-widget-handle',
                cancel: 'button',
              }}
              resizeConfig={{ enabled: editing && onDesktop }}
              onBreakpointChange={(next) => setBreakpoint(next as GridBreakpoint)}
              onDragStop={onUserChange}
              onResizeStop={onUserChange}
            >
              {/* DOM order = reading order, so tabbing follows what the eye sees. */}
              {readingOrder(cells).map((cell) => {
                const placed = byWidget.get(cell.widget);
                if (placed === undefined) return null;
                return (
                  <div key={cell.widget} style={{ display: 'flex', flexDirection: 'column' }}>
                    {editing && (
                      <Suspense fallback={null}>
                        <CellControls placed={placed} onAction={onKeyboard} />
                      </Suspense>
                    )}
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
                  </div>
                );
              })}
            </Responsive>
          </Profiled>
        )}
      </Box>
    </Stack>
  );
}

type CellAction = MoveDirection | 'wider' | 'narrower';

const CELL_ACTIONS: readonly { action: CellAction; label: `grid.${string}`; icon: GridIconName }[] = [
  { action: 'left', label: 'grid.moveLeft', icon: 'left' },
  { action: 'right', label: 'grid.moveRight', icon: 'right' },
  { action: 'up', label: 'grid.moveUp', icon: 'up' },
  { action: 'down', label: 'grid.moveDown', icon: 'down' },
  { action: 'narrower', label: 'grid.narrower', icon: 'narrower' },
  { action: 'wider', label: 'grid.wider', icon: 'wider' },
];

/** Edit mode: a drag handle and the keyboard alternatives to dragging and resizing, per widget. */
function CellControls({
  placed,
  onAction,
}: {
  placed: Placed;
  onAction: (widget: string, title: string, action: CellAction) => void;
}) {
  const { t } = useTranslation();
  const { t: pluginT } = usePluginTranslation(placed.pluginId);
  const title = pluginT(placed.definition.title);
  return (
    <Group gap={4} mb={4} wrap="nowrap" className="portal-widget-handle" style={{ cursor: 'move' }}>
      <Box c="dimmed" title={t('grid.dragHandle', { title })} style={{ display: 'flex' }}>
        <GridIcon name="grip" />
      </Box>
      {CELL_ACTIONS.map(({ action, label, icon }) => (
        <ActionIcon
          key={action}
          variant="light"
          size="sm"
          aria-label={t(label as 'grid.moveLeft', { title })}
          onClick={() => onAction(placed.widget, title, action)}
        >
          <GridIcon name={icon} />
        </ActionIcon>
      ))}
    </Group>
  );
}
