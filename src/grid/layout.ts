/*
 * The home grid's geometry, as pure functions: the manifest's widget sizes become grid cells, a saved
 * per-user layout is mended against the current widget set, and each breakpoint's cells are compacted
 * the way react-grid-layout compacts them. No import of the grid library: this runs on the home's first
 * paint, and the library loads only with the edit mode (edit-layout.ts, editable-grid.tsx).
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
/** Gap between cells, horizontal and vertical, in px (static-grid.module.css says the same). */
export const MARGIN = [16, 16] as const;

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
  return compactVertically(cells, DESKTOP_COLUMNS);
}

const collides = (a: GridCell, b: GridCell) =>
  a.widget !== b.widget && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Pushes `cell` down to `to`, and the later cells it would then overlap further down (RGL's rule). */
function pushDown(sorted: GridCell[], cell: GridCell, to: number): void {
  cell.y += 1;
  const index = sorted.findIndex((other) => other.widget === cell.widget);
  for (let i = index + 1; i < sorted.length; i++) {
    const other = sorted[i];
    if (other === undefined) continue;
    if (other.y > cell.y + cell.h) break;
    if (collides(cell, other)) pushDown(sorted, other, to + cell.h);
  }
  cell.y = to;
}

/**
 * react-grid-layout's vertical compaction (`correctBounds` then `verticalCompactor.compact`, v2), step for
 * step: cells taken top to bottom then left to right, each raised while nothing is above it, and pushed
 * below what it overlaps. The static grid places cells with it, so they sit exactly where the grid
 * library puts them in edit mode (layout.test.ts compares the two on random layouts). Input order is kept.
 */
export function compactVertically(cells: readonly GridCell[], columns: number): GridCell[] {
  const copies = cells.map((cell) => {
    const copy = { ...cell };
    if (copy.x + copy.w > columns) copy.x = columns - copy.w;
    if (copy.x < 0) {
      copy.x = 0;
      copy.w = columns;
    }
    return copy;
  });
  const sorted = [...copies].sort((a, b) => a.y - b.y || a.x - b.x);
  const placed: GridCell[] = [];
  const out = new Map<GridCell, GridCell>();
  let maxY = 0;
  for (const item of sorted) {
    const cell = { ...item, x: Math.max(item.x, 0), y: Math.min(maxY, Math.max(item.y, 0)) };
    while (cell.y > 0 && !placed.some((other) => collides(other, cell))) cell.y -= 1;
    for (
      let hit = placed.find((other) => collides(other, cell));
      hit !== undefined;
      hit = placed.find((other) => collides(other, cell))
    )
      pushDown(sorted, cell, hit.y + hit.h);
    cell.y = Math.max(cell.y, 0);
    maxY = Math.max(maxY, cell.y + cell.h);
    placed.push(cell);
    out.set(item, cell);
  }
  return copies.map((copy) => out.get(copy) ?? copy);
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

/**
 * Each breakpoint's cells as the grid shows them: the desktop cells, or the narrower layout derived from
 * them, in DOM (reading) order and compacted as the grid library compacts its children's layout.
 */
export function layoutsByBreakpoint(cells: readonly GridCell[]): Record<GridBreakpoint, GridCell[]> {
  const order = readingOrder(cells);
  const arranged = (layout: readonly GridCell[], columns: number) => {
    const byWidget = new Map(layout.map((cell) => [cell.widget, cell]));
    const inOrder = order.flatMap((cell) => byWidget.get(cell.widget) ?? []);
    return compactVertically(inOrder, columns);
  };
  return {
    lg: arranged(cells, GRID_COLUMNS.lg),
    md: arranged(layoutForColumns(cells, GRID_COLUMNS.md), GRID_COLUMNS.md),
    sm: arranged(layoutForColumns(cells, GRID_COLUMNS.sm), GRID_COLUMNS.sm),
  };
}
