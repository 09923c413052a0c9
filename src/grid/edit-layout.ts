import { moveElement, verticalCompactor } from 'react-grid-layout';
import type { Layout, LayoutItem } from 'react-grid-layout';
import { GRID_COLUMNS } from './layout.ts';
import type { GridCell } from './layout.ts';

/*
 * The edit mode's geometry: keyboard moves and resizes reuse the grid library's own collision and
 * compaction rules so they match what dragging does. Imported only by the edit mode's lazy chunk.
 */

/** The edit mode arranges the desktop layout; the narrower ones derive from it. */
const DESKTOP_COLUMNS = GRID_COLUMNS.lg;

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
