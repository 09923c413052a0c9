import { describe, expect, it } from 'vitest';
import { moveCell, resizeCell } from './edit-layout.ts';
import { correctBounds } from 'react-grid-layout/core';
import { verticalCompactor } from 'react-grid-layout';
import {
  compactVertically,
  defaultLayout,
  layoutForColumns,
  layoutsByBreakpoint,
  mendLayout,
  readingOrder,
} from './layout.ts';

const placements = [
  { widget: 'a/a', size: 4, height: 2 },
  { widget: 'b/b', size: 2, height: 2 },
  { widget: 'c/c', size: 2, height: 3 },
  { widget: 'd/d', size: 3, height: 2 },
];

describe('grid layout', () => {
  it('flows the manifest order into 4 columns, size = width, full width at 4', () => {
    expect(defaultLayout(placements)).toEqual([
      { widget: 'a/a', x: 0, y: 0, w: 4, h: 2 },
      { widget: 'b/b', x: 0, y: 2, w: 2, h: 2 },
      { widget: 'c/c', x: 2, y: 2, w: 2, h: 3 },
      { widget: 'd/d', x: 0, y: 5, w: 3, h: 2 },
    ]);
  });

  it('derives the tablet and phone layouts in reading order', () => {
    const desktop = defaultLayout(placements);
    expect(layoutForColumns(desktop, 1).map((c) => [c.widget, c.x, c.w])).toEqual([
      ['a/a', 0, 1],
      ['b/b', 0, 1],
      ['c/c', 0, 1],
      ['d/d', 0, 1],
    ]);
    expect(layoutForColumns(desktop, 2).every((c) => c.x + c.w <= 2)).toBe(true);
  });

  it('mends a saved layout: unknown widgets dropped, new ones appended, bad values corrected', () => {
    const mended = mendLayout(
      [
        { widget: 'c/c', x: 9, y: 0, w: 7, h: 3 },
        { widget: 'gone/x', x: 0, y: 3, w: 2, h: 2 },
        { widget: 'c/c', x: 0, y: 8, w: 2, h: 3 },
        { widget: 'b/b', x: 0, y: 3, w: 2, h: 2 },
      ],
      placements,
    );
    expect(readingOrder(mended).map((c) => c.widget)).toEqual(['c/c', 'b/b', 'a/a', 'd/d']);
    expect(mended.find((c) => c.widget === 'c/c')).toEqual({ widget: 'c/c', x: 0, y: 0, w: 4, h: 3 });
    expect(mended.some((c) => c.widget === 'gone/x')).toBe(false);
  });

  it('moves with the keyboard: left trades places with the neighbour, up jumps over the widget above', () => {
    const start = defaultLayout(placements);
    const left = moveCell(start, 'c/c', 'left');
    expect(left.find((c) => c.widget === 'c/c')).toMatchObject({ x: 0, y: 2 });
    expect(left.find((c) => c.widget === 'b/b')).toMatchObject({ x: 2, y: 2 });
    const up = moveCell(start, 'b/b', 'up');
    expect(readingOrder(up)[0]?.widget).toBe('b/b');
    const down = moveCell(start, 'a/a', 'down');
    expect(readingOrder(down)[0]?.widget).not.toBe('a/a');
    expect(moveCell(start, 'a/a', 'left')).toEqual(start);
  });

  it('resizes to the next size the widget offers', () => {
    const start = defaultLayout(placements);
    expect(resizeCell(start, 'b/b', 'wider', [2, 4]).find((c) => c.widget === 'b/b')?.w).toBe(4);
    expect(resizeCell(start, 'b/b', 'narrower', [2, 4])).toEqual(start);
    const wider = resizeCell(start, 'd/d', 'wider');
    expect(wider.find((c) => c.widget === 'd/d')).toMatchObject({ x: 0, w: 4 });
  });
});

describe('compaction without the grid library', () => {
  // A small deterministic generator: the same random layouts on every run.
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
  }

  it('places cells exactly where react-grid-layout compacts them, on 300 random layouts', () => {
    const next = random(17);
    for (let round = 0; round < 300; round++) {
      const columns = [1, 2, 4][round % 3] ?? 4;
      const cells = Array.from({ length: 1 + Math.floor(next() * 8) }, (_, i) => ({
        widget: `w${String(i)}/x`,
        x: Math.floor(next() * (columns + 1)),
        y: Math.floor(next() * 10),
        w: 1 + Math.floor(next() * columns),
        h: 1 + Math.floor(next() * 3),
      }));
      const library = verticalCompactor.compact(
        correctBounds(
          cells.map(({ widget, x, y, w, h }) => ({ i: widget, x, y, w, h })),
          { cols: columns },
        ),
        columns,
      );
      expect(compactVertically(cells, columns)).toEqual(
        library.map(({ i, x, y, w, h }) => ({ widget: i, x, y, w, h })),
      );
    }
  });

  it('gives each breakpoint its compacted layout, in reading order', () => {
    // A short widget next to a tall one: on 4 columns the next row's widget rises under the short one.
    const cells = [
      { widget: 'a/a', x: 0, y: 0, w: 1, h: 1 },
      { widget: 'b/b', x: 1, y: 0, w: 3, h: 2 },
      { widget: 'c/c', x: 0, y: 2, w: 1, h: 1 },
    ];
    const layouts = layoutsByBreakpoint(cells);
    expect(layouts.lg).toEqual([
      { widget: 'a/a', x: 0, y: 0, w: 1, h: 1 },
      { widget: 'b/b', x: 1, y: 0, w: 3, h: 2 },
      { widget: 'c/c', x: 0, y: 1, w: 1, h: 1 },
    ]);
    // Two columns: a keeps one column, b takes both, c keeps one.
    expect(layouts.md).toEqual([
      { widget: 'a/a', x: 0, y: 0, w: 1, h: 1 },
      { widget: 'b/b', x: 0, y: 1, w: 2, h: 2 },
      { widget: 'c/c', x: 0, y: 3, w: 1, h: 1 },
    ]);
    expect(layouts.sm.map((c) => [c.widget, c.x, c.y, c.w])).toEqual([
      ['a/a', 0, 0, 1],
      ['b/b', 0, 1, 1],
      ['c/c', 0, 3, 1],
    ]);
  });
});
