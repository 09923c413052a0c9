import { useMemo } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { layoutsByBreakpoint, readingOrder } from './layout.ts';
import type { GridBreakpoint, GridCell } from './layout.ts';
import classes from './static-grid.module.css';

/** What a grid draws, the static one or the editable one: the cells and each cell's content. */
export type GridContent = {
  /** The desktop cells (a saved layout mended, or the manifest default). */
  cells: readonly GridCell[];
  /** A cell's content; its width in desktop columns is the one the widget is told. */
  renderCell: (cell: GridCell) => ReactNode;
};

const BREAKPOINTS: readonly GridBreakpoint[] = ['lg', 'md', 'sm'];

/** Where a cell goes at each breakpoint, as the CSS variables static-grid.module.css places it with. */
export function cellStyles(cells: readonly GridCell[]): Map<string, CSSProperties> {
  const layouts = layoutsByBreakpoint(cells);
  const styles = new Map<string, CSSProperties & Record<string, number>>();
  for (const breakpoint of BREAKPOINTS)
    for (const { widget, x, y, w, h } of layouts[breakpoint]) {
      const style = styles.get(widget) ?? {};
      // CSS grid lines count from 1.
      style[`--${breakpoint}-x`] = x + 1;
      style[`--${breakpoint}-y`] = y + 1;
      style[`--${breakpoint}-w`] = w;
      style[`--${breakpoint}-h`] = h;
      styles.set(widget, style);
    }
  return styles;
}

/**
 * The home grid as it is shown when nobody is rearranging it: plain CSS grid, no grid library and no
 * width measurement, so the widgets are placed on the first paint, where the edit mode's grid puts them.
 * DOM order is reading order, so tabbing follows what the eye sees.
 */
export function StaticGrid({ cells, renderCell }: GridContent) {
  const styles = useMemo(() => cellStyles(cells), [cells]);
  return (
    <div className={classes.container} data-grid="static">
      <div className={classes.grid}>
        {readingOrder(cells).map((cell) => (
          <div
            key={cell.widget}
            data-grid-cell={cell.widget}
            className={classes.cell}
            style={styles.get(cell.widget)}
          >
            {renderCell(cell)}
          </div>
        ))}
      </div>
    </div>
  );
}
