import { useEffect } from 'react';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { useLoadOnIntent, usePressHandOver } from './load-on-intent.ts';
import { NotificationBellButton } from './notifications/notification-bell-button.tsx';

// The bell's live part (the event stream, the list when no count came) draws nothing: its chunk loads
// after the page's own, off the first paint's path. A chunk that will not load is logged and leaves the
// count the user context brought (no error reaches the page).
const loadLive = () => import('./notifications/notification-live.tsx');

// The centre (Mantine's popover, floating-ui, the scroll area, the list and its calls) loads when the
// person reaches for the bell, not with the header of the first page.
const loadCentre = () => import('./notifications/notification-centre.tsx');

/** The header's bell, when the manifest's centre flag is on. */
export function NotificationBell() {
  const { config, flags } = useRuntime();
  const flag = config.notifications.centreFlag;
  if (flag === undefined || flags[flag] !== true) return null;
  return <EnabledBell />;
}

function EnabledBell() {
  const { Loaded: NotificationCentre, focused, standIn } = usePressHandOver(loadCentre);
  const [NotificationLive, startLive] = useLoadOnIntent(loadLive);
  useEffect(startLive, [startLive]);
  return (
    <>
      {NotificationCentre === null ? (
        <NotificationBellButton aria-haspopup="dialog" aria-expanded={false} {...standIn} />
      ) : (
        <NotificationCentre focused={focused} />
      )}
      {NotificationLive === null ? null : <NotificationLive />}
    </>
  );
}
