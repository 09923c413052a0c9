import { LineIcon } from '../ui/line-icon.tsx';

/* Small inline icons for the grid's edit controls (decorative: every control has its own label). */

const paths = {
  left: 'M15 6l-6 6 6 6',
  right: 'M9 6l6 6-6 6',
  up: 'M6 15l6-6 6 6',
  down: 'M6 9l6 6 6-6',
  wider: 'M4 12h16M8 8l-4 4 4 4M16 8l4 4-4 4',
  narrower: 'M4 12h5M15 12h5M6 8l4 4-4 4M18 8l-4 4 4 4',
  grip: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
} as const;

export type GridIconName = keyof typeof paths;

export function GridIcon({ name }: { name: GridIconName }) {
  return (
    <LineIcon size={16} strokeWidth={name === 'grip' ? 3 : 2}>
      <path d={paths[name]} />
    </LineIcon>
  );
}
