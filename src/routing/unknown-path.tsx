import { Navigate, useLocation } from 'react-router';
import { passThroughPath } from '../auth/application-prefix.ts';
import { browserStorage } from '../session/safe-storage.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { routingPath } from './route-paths.ts';

/**
 * SPEC 2: an unknown path that starts with a known prefix is passed through (the prefix is dropped, so
 * `/hermes/collaborateur?code=…` reaches the collaborator login with its query, and remembered for the
 * collaborator redirect URI); any other unknown path shows the 404 page.
 */
export function UnknownPath() {
  const { config } = useRuntime();
  const { pathname, search, hash } = useLocation();
  const rest = passThroughPath(config, pathname, browserStorage('session'));
  if (rest !== undefined) return <Navigate to={rest + search + hash} replace />;
  return <Navigate to={routingPath(config, 'notFoundRoute')} replace />;
}
