import type { ReactNode } from 'react';

/**
 * A decorative outline icon on a 24-unit grid, drawn in the text's colour: the text beside it or the
 * button's label names it, so assistive technologies skip it.
 */
export function LineIcon({
  size,
  strokeWidth,
  children,
}: {
  size: number;
  strokeWidth: number;
  children: ReactNode;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
