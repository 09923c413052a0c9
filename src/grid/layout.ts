import { moveElement, verticalCompactor } from 'react-grid-layout';
import type { Layout, LayoutItem } from 'react-grid-layout';

/*
 * The home grid's geometry, as pure functions: the manifest's widget sizes become grid cells, a saved
 * per-user layout is mended against the current widget set, and keyboard moves reuse the grid
 * library's own collision and compaction rules so they match what dragging does.
 */

/** One widget's cell, as the gateway stores it (`{ layout: [{ widget, x, y, w, h }] }`). */
export type GridCell = { widget: string; x: number; y: number; w: number; h: number };

/** What the grid needs to know of a placed widget before its code arrives. */
export type GridPlacement = { widget: string; size: number; height: number };

/** Four columns on a desktop: a size-4 widget is the full width. */
const DESKTOP_COLUMNS = 4;

/** Minimum container widths (px) → columns: 4 on desktop, 2 on a tablet, 1 on a phone. */
export const GRID_BREAKPOINTS = { lg: 960, md: 600, sm: 0 } as const;
export const GRID_COLUMNS = { lg: DESKTOP_COLUMNS, md: 2, sm: 1 } as const;
export type GridBreakpoint = keyof typeof GRID_BREAKPOINTS;

/** Row height in px; a widget's `height` is a number of rows. */
export const ROW_HEIGHT = 140;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Lays the widgets out left to right in manifest order, starting a new row when one is full. */
function flowLayout(placements: readonly GridPlacement[], columns: number): GridCell[] {
  const cells: GridCell[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const placement of placements) {
    const w = clamp(Math.round(placement.size), 1, columns);
    if (x + w > columns) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    cells.push({ widget: placement.widget, x, y, w, h: placement.height });
    x += w;
    rowHeight = Math.max(rowHeight, placement.height);
  }
  return cells;
}

/** The manifest's default desktop layout of a widget set. */
export function defaultLayout(placements: readonly GridPlacement[]): GridCell[] {
  return flowLayout(placements, DESKTOP_COLUMNS);
}

/**
 * A saved layout made to fit the current widget set: cells of widgets no longer in the set are dropped,
 * duplicates and out-of-range values are corrected, and widgets new to the set are appended below in
 * manifest order. A layout from an older manifest is therefore mended, never broken.
 */
export function mendLayout(saved: readonly GridCell[], placements: readonly GridPlacement[]): GridCell[] {
  const wanted = new Map(placements.map((p) => [p.widget, p]));
  const seen = new Set<string>();
  const kept: GridCell[] = [];
  for (const cell of saved) {
    const placement = wanted.get(cell.widget);
    if (placement === undefined || seen.has(cell.widget)) continue;
    seen.add(cell.widget);
    const w = clamp(Math.round(cell.w), 1, DESKTOP_COLUMNS);
    kept.push({
      widget: cell.widget,
      w,
      x: clamp(Math.round(cell.x), 0, DESKTOP_COLUMNS - w),
      y: Math.max(0, Math.round(cell.y)),
      h: Math.max(1, Math.round(cell.h)),
    });
  }
  const bottom = kept.reduce((max, cell) => Math.max(max, cell.y + cell.h), 0);
  const added = flowLayout(
    placements.filter((p) => !seen.has(p.widget)),
    DESKTOP_COLUMNS,
  ).map((cell) => ({ ...cell, y: cell.y + bottom }));
  return compact([...kept, ...added]);
}

/** Removes vertical gaps the way the grid does. */
function compact(cells: readonly GridCell[]): GridCell[] {
  return fromGrid(verticalCompactor.compact(toGrid(cells), DESKTOP_COLUMNS));
}

/** Reading order: top to bottom, then left to right (also the phone's one-column order). */
export function readingOrder(cells: readonly GridCell[]): GridCell[] {
  return [...cells].sort((a, b) => a.y - b.y || a.x - b.x);
}

/**
 * The layout for a narrower screen, derived from the desktop one in reading order: on 2 columns a widget
 * keeps 1 column or takes both; on a phone every widget takes the single column.
 */
export function layoutForColumns(cells: readonly GridCell[], columns: number): GridCell[] {
  if (columns >= DESKTOP_COLUMNS) return [...cells];
  const placements = readingOrder(cells).map((cell) => ({
    widget: cell.widget,
    size: cell.w === 1 ? 1 : columns,
    height: cell.h,
  }));
  return flowLayout(placements, columns);
}

export type MoveDirection = 'left' | 'right' | 'up' | 'down';

/** A keyboard alternative to dragging: moves one widget by one step, pushing the others as a drag would. */
export function moveCell(cells: readonly GridCell[], widget: string, direction: MoveDirection): GridCell[] {
  const layout = toGrid(cells);
  const item = layout.find((candidate) => candidate.i === widget);
  if (item === undefined) return [...cells];
  if (direction === 'left' || direction === 'right') {
    // Next to a widget on the same row: trade places with it (a push would leave a hole).
    const neighbour = layout.find(
      (o) =>
        o.i !== widget &&
        o.y === item.y &&
        (direction === 'left' ? o.x + o.w === item.x : item.x + item.w === o.x),
    );
    if (neighbour !== undefined) {
      const swapped = layout.map((o) => {
        if (o.i === item.i) return { ...o, x: direction === 'left' ? neighbour.x : item.x + neighbour.w };
        if (o.i === neighbour.i) return { ...o, x: direction === 'left' ? neighbour.x + item.w : item.x };
        return o;
      });
      return fromGrid(verticalCompactor.compact(swapped, DESKTOP_COLUMNS));
    }
  }
  let { x, y } = item;
  if (direction === 'left') x = Math.max(0, x - 1);
  if (direction === 'right') x = Math.min(DESKTOP_COLUMNS - item.w, x + 1);
  if (direction === 'up') {
    // Jump over the widget just above (one row up would be undone by compaction).
    const above = layout
      .filter((o) => o.i !== widget && o.y < item.y && o.x < item.x + item.w && item.x < o.x + o.w)
      .sort((a, b) => b.y - a.y)[0];
    y = above === undefined ? Math.max(0, y - 1) : above.y;
  }
  if (direction === 'down') {
    const below = layout
      .filter((o) => o.i !== widget && o.y > item.y && o.x < item.x + item.w && item.x < o.x + o.w)
      .sort((a, b) => a.y - b.y)[0];
    y = below === undefined ? y + 1 : below.y + below.h;
  }
  if (x === item.x && y === item.y) return [...cells];
  const moved = moveElement(layout, item, x, y, true, false, 'vertical', DESKTOP_COLUMNS);
  return fromGrid(verticalCompactor.compact(moved, DESKTOP_COLUMNS));
}

/**
 * Changes a widget's width to its next allowed size (up or down), within the row; the widgets it now
 * overlaps move out of its way, as a resize by mouse would.
 */
export function resizeCell(
  cells: readonly GridCell[],
  widget: string,
  direction: 'wider' | 'narrower',
  sizes: readonly number[] = [1, 2, 3, 4],
): GridCell[] {
  const current = cells.find((cell) => cell.widget === widget);
  if (current === undefined) return [...cells];
  const allowed = [...sizes].filter((size) => size >= 1 && size <= DESKTOP_COLUMNS).sort((a, b) => a - b);
  const next =
    direction === 'wider'
      ? allowed.find((size) => size > current.w)
      : [...allowed].reverse().find((size) => size < current.w);
  if (next === undefined) return [...cells];
  const resized = cells.map((cell) =>
    cell.widget === widget ? { ...cell, w: next, x: Math.min(cell.x, DESKTOP_COLUMNS - next) } : cell,
  );
  const layout = toGrid(resized);
  const item = layout.find((candidate) => candidate.i === widget);
  if (item === undefined) return resized;
  const moved = moveElement(layout, item, item.x, item.y, true, false, 'vertical', DESKTOP_COLUMNS);
  return fromGrid(verticalCompactor.compact(moved, DESKTOP_COLUMNS));
}

function toGrid(cells: readonly GridCell[]): LayoutItem[] {
  return cells.map(({ widget, x, y, w, h }) => ({ i: widget, x, y, w, h }));
}

export function fromGrid(layout: Layout): GridCell[] {
  return layout.map(({ i, x, y, w, h }) => ({ widget: i, x, y, w, h }));
}
