import 'react-grid-layout/css/styles.css';
import { ActionIcon, Box, Group } from '@mantine/core';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { Responsive, getBreakpointFromWidth, useContainerWidth } from 'react-grid-layout';
import type { Layout, LayoutItem } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import { usePluginTranslation } from '../plugin-host/plugin-translation.ts';
import { fromGrid, moveCell, resizeCell } from './edit-layout.ts';
import type { MoveDirection } from './edit-layout.ts';
import type { Placed } from './grid-placement.ts';
import { GridIcon } from './icons.tsx';
import type { GridIconName } from './icons.tsx';
import {
  GRID_BREAKPOINTS,
  GRID_COLUMNS,
  MARGIN,
  ROW_HEIGHT,
  layoutForColumns,
  readingOrder,
} from './layout.ts';
import type { GridBreakpoint, GridCell } from './layout.ts';
import { Profiled } from './profiling.tsx';
import { StaticGrid } from './static-grid.tsx';
import type { GridContent } from './static-grid.tsx';

type EditableGridProps = GridContent & {
  byWidget: ReadonlyMap<string, Placed>;
  /** A layout the person made, by mouse or keyboard. */
  onChange: (cells: GridCell[]) => void;
  /** What a keyboard move did, for the live region. */
  onAnnounce: (text: string) => void;
};

// The grid's fixed settings: the breakpoints and columns of the home's layouts, the row and gaps.
const GRID_SETTINGS = {
  breakpoints: GRID_BREAKPOINTS,
  cols: GRID_COLUMNS,
  rowHeight: ROW_HEIGHT,
  margin: MARGIN,
  containerPadding: [0, 0],
} as const;

/**
 * The home grid in edit mode: react-grid-layout, with dragging and resizing on a desktop and the
 * keyboard alternatives to both on every widget. Its own lazy chunk: the grid library and its styles
 * load when the person starts rearranging, not with the home page.
 */
export default function EditableGrid({
  cells,
  byWidget,
  onChange,
  onAnnounce,
  renderCell,
}: EditableGridProps) {
  const { t } = useTranslation();
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const [breakpoint, setBreakpoint] = useState<GridBreakpoint | null>(null);
  const current = breakpoint ?? getBreakpointFromWidth<GridBreakpoint>(GRID_BREAKPOINTS, width);
  const onDesktop = current === 'lg';

  const layouts = useMemo(() => {
    const withLimits = (items: readonly GridCell[], limit: boolean): LayoutItem[] =>
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

  const onUserChange = useCallback(
    (layout: Layout) => {
      if (onDesktop) onChange(fromGrid(layout));
    },
    [onDesktop, onChange],
  );

  const onAction = useCallback(
    (widget: string, title: string, action: CellAction) => {
      const sizes = byWidget.get(widget)?.definition.sizes ?? [];
      const next =
        action === 'wider' || action === 'narrower'
          ? resizeCell(cells, widget, action, sizes)
          : moveCell(cells, widget, action);
      onChange(next);
      const cell = next.find((c) => c.widget === widget);
      if (cell !== undefined)
        onAnnounce(t('grid.moved', { title, column: cell.x + 1, row: cell.y + 1, width: cell.w }));
    },
    [cells, byWidget, onChange, onAnnounce, t],
  );

  return (
    <div ref={containerRef}>
      {mounted ? (
        <Profiled id="grid">
          <Responsive
            width={width}
            layouts={layouts}
            {...GRID_SETTINGS}
            dragConfig={{ enabled: onDesktop, handle: '.portal-widget-handle', cancel: 'button' }}
            resizeConfig={{ enabled: onDesktop }}
            onBreakpointChange={(next) => setBreakpoint(next as GridBreakpoint)}
            onDragStop={onUserChange}
            onResizeStop={onUserChange}
          >
            {/* DOM order = reading order, so tabbing follows what the eye sees. */}
            {readingOrder(cells).map((cell) => {
              const placed = byWidget.get(cell.widget);
              if (placed === undefined) return null;
              return (
                <div
                  key={cell.widget}
                  data-grid-cell={cell.widget}
                  style={{ display: 'flex', flexDirection: 'column' }}
                >
                  {/* The controls wait for the plugin's translations (their labels name the widget). */}
                  <Suspense fallback={null}>
                    <CellControls placed={placed} onAction={onAction} />
                  </Suspense>
                  {renderCell(cell)}
                </div>
              );
            })}
          </Responsive>
        </Profiled>
      ) : (
        // Until the grid has measured its width, the same cells stay where they are.
        <StaticGrid cells={cells} renderCell={renderCell} />
      )}
    </div>
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

/** A drag handle and the keyboard alternatives to dragging and resizing, per widget. */
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
