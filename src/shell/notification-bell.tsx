import { lazy, Suspense } from 'react';
import { useRuntime } from '../runtime/runtime.tsx';

// The centre (list, stream, its calls) is its own chunk: the header of the first page stays small.
const NotificationCentre = lazy(() => import('./notifications/notification-centre.tsx'));

/** The header's bell, when the manifest's centre flag is on. */
export function NotificationBell() {
  const { config, flags } = useRuntime();
  const flag = config.notifications.centreFlag;
  if (flag === undefined || flags[flag] !== true) return null;
  return (
    <Suspense fallback={null}>
      <NotificationCentre />
    </Suspense>
  );
}
