import { lazy, Suspense } from 'react';
import { useRuntime } from '../runtime/runtime.tsx';

// The centre (list, stream, its calls) is its own chunk: the header of the first page stays small.
const NotificationCentre = lazy(() => import('./notifications/notification-centre.tsx'));

const TRIGGER_PLACE = {
  display: 'block',
  width: 'calc(2.125rem * var(--mantine-scale))',
  height: 'calc(2.125rem * var(--mantine-scale))',
} as const;

/** The header's bell, when the manifest's centre flag is on. */
export function NotificationBell() {
  const { config, flags } = useRuntime();
  const flag = config.notifications.centreFlag;
  if (flag === undefined || flags[flag] !== true) return null;
  return (
    // The centre's trigger is a large ActionIcon: its place is kept while its chunk loads, so the header
    // does not move when it arrives after the page's first paint.
    <Suspense fallback={<span style={TRIGGER_PLACE} aria-hidden="true" />}>
      <NotificationCentre />
    </Suspense>
  );
}
