// The chart every candidate draws: 24 months × 2 series (revenue and gross margin), as on the indicators page.
export const MONTHS = Array.from(
  { length: 24 },
  (_, i) => `${String(2025 + Math.floor(i / 12))}-${String((i % 12) + 1).padStart(2, '0')}`,
);
export const REVENUE = MONTHS.map((_, i) => 38_000 + 6_000 * Math.sin(i / 2) + i * 300);
export const MARGIN = REVENUE.map((value, i) => value * (0.52 + 0.03 * Math.cos(i)));

/** Marks the render done once the browser has painted the frame after the chart was drawn. */
export function markDone(): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      performance.mark('chart-done');
      performance.measure('chart', 'chart-start', 'chart-done');
      performance.measure('total', { start: 0, end: 'chart-done' });
      document.body.dataset['done'] = 'true';
    }, 0),
  );
}

export function rootElement(): HTMLElement {
  const root = document.getElementById('root');
  if (root === null) throw new Error('no #root');
  return root;
}
