import type { ReactNode } from 'react';

/** Read by assistive technology, not shown: a table's caption, a live message, a file input's label. */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A table's accessible name, not shown (the page title already says what the table holds). */
export function HiddenCaption({ children }: { children: ReactNode }) {
  return <caption style={visuallyHidden}>{children}</caption>;
}
