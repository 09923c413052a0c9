import { Loader, type LoaderProps } from '@mantine/core';

export type LoadingIndicatorProps = {
  /** What is loading, read by assistive technology (already translated). */
  label: string;
  size?: LoaderProps['size'];
};

/**
 * The one loading state of the portal. A bare span may not carry an aria-label (axe's
 * aria-prohibited-attr), so the label rides on a progressbar role, which screen readers announce.
 */
export function LoadingIndicator({ label, size = 'md' }: LoadingIndicatorProps) {
  return <Loader size={size} role="progressbar" aria-label={label} />;
}
