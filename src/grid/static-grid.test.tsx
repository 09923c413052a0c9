import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GRID_BREAKPOINTS, GRID_COLUMNS, MARGIN, ROW_HEIGHT } from './layout.ts';
import { StaticGrid, cellStyles } from './static-grid.tsx';

const css = readFileSync(join(import.meta.dirname, 'static-grid.module.css'), 'utf8');

const cells = [
  { widget: 'b/b', x: 1, y: 0, w: 3, h: 2 },
  { widget: 'a/a', x: 0, y: 0, w: 1, h: 1 },
  // Below a: the grid library raises it to row 2 (line 2), under the short widget.
  { widget: 'c/c', x: 0, y: 2, w: 1, h: 1 },
];

describe('the static home grid', () => {
  it('places each cell at each breakpoint where the grid library would, as grid lines', () => {
    const styles = cellStyles(cells);
    expect(styles.get('c/c')).toEqual({
      // Desktop: column 1, raised under a to row 2.
      '--lg-x': 1,
      '--lg-y': 2,
      '--lg-w': 1,
      '--lg-h': 1,
      // Tablet: a (1 column) then b (both columns) then c.
      '--md-x': 1,
      '--md-y': 4,
      '--md-w': 1,
      '--md-h': 1,
      // Phone: one column, one after the other.
      '--sm-x': 1,
      '--sm-y': 4,
      '--sm-w': 1,
      '--sm-h': 1,
    });
    expect(styles.get('b/b')).toMatchObject({ '--lg-x': 2, '--lg-w': 3, '--md-w': 2, '--md-y': 2 });
  });

  it('renders the cells in reading order, with no grid library', () => {
    render(<StaticGrid cells={cells} renderCell={(cell) => <p>{cell.widget}</p>} />);
    expect(screen.getAllByText(/\/./).map((p) => p.textContent)).toEqual(['a/a', 'b/b', 'c/c']);
    expect(document.querySelector('.react-grid-layout')).toBeNull();
    const c = screen.getByText('c/c').parentElement;
    expect(c?.style.getPropertyValue('--lg-y')).toBe('2');
  });

  it('uses the breakpoints, columns, row height and gaps of layout.ts', () => {
    // The grid library picks a breakpoint when the rounded width is above it: from n + 0.5 px.
    const queries = [...css.matchAll(/@container \(min-width: ([\d.]+)px\)/g)].map((m) => Number(m[1]));
    expect(queries).toEqual([GRID_BREAKPOINTS.md + 0.5, GRID_BREAKPOINTS.lg + 0.5]);
    expect(GRID_BREAKPOINTS.sm).toBe(0);
    const columns = [...css.matchAll(/grid-template-columns: repeat\((\d+), minmax\(0, 1fr\)\)/g)].map((m) =>
      Number(m[1]),
    );
    expect(columns).toEqual([GRID_COLUMNS.sm, GRID_COLUMNS.md, GRID_COLUMNS.lg]);
    // Rows follow the cards; a cell's declared height is its rows of ROW_HEIGHT and the gaps between them.
    expect(css).toContain('grid-auto-rows: auto;');
    const declared = /--declared: calc\(var\(--h\) \* \((\d+)px \+ (\d+)px\) - (\d+)px\);/.exec(css);
    expect(declared?.slice(1).map(Number)).toEqual([ROW_HEIGHT, MARGIN[1], MARGIN[1]]);
    expect(MARGIN[0]).toBe(MARGIN[1]);
    expect(css).toContain(`gap: ${String(MARGIN[0])}px;`);
  });
});
