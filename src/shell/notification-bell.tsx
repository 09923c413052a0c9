import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { useLoadOnIntent, usePressHandOver } from './load-on-intent.ts';
import { NotificationBellButton } from './notifications/notification-bell-button.tsx';

// The bell's live part (the event stream, the list when no count came) draws nothing: its chunk loads
// after the page's own, off the first paint's path. A chunk that will not load is logged and leaves the
// count the user context brought (no error reaches the page).
const loadLive = () => import('./notifications/notification-live.tsx');

/** How long after the bell mounts its centre's code is fetched (the page's own requests first). */
const WARM_AFTER_MS = 2_000;

/** The header's bell, when the manifest's centre flag is on. */
export function NotificationBell() {
  const { config, flags } = useRuntime();
  const flag = config.notifications.centreFlag;
  if (flag === undefined || flags[flag] !== true) return null;
  return <EnabledBell />;
}

function EnabledBell() {
  const { i18n } = useTranslation();
  // The centre (Mantine's popover, floating-ui, the scroll area, the list and its calls) is not in the
  // first page's code. Its words come with it, not after it: a centre that suspended on its namespace
  // waited for React's reveal of a suspended tree (300 ms) before its list was even asked for.
  const loadCentre = useCallback(
    () =>
      Promise.all([
        import('./notifications/notification-centre.tsx'),
        i18n.loadNamespaces('notifications'),
      ]).then(([centre]) => centre),
    [i18n],
  );
  const { Loaded: NotificationCentre, focused, standIn } = usePressHandOver(loadCentre);
  const [NotificationLive, startLive] = useLoadOnIntent(loadLive);
  useEffect(startLive, [startLive]);
  const warm = standIn.onFocus;
  // Once the page has settled, the centre's code and words are fetched, so the first press opens it at once.
  useEffect(() => {
    const timer = window.setTimeout(warm, WARM_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [warm]);
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
