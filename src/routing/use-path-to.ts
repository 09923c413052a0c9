import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useRuntime } from '../plugin-host/runtime.tsx';
import type { RouteParams } from './route-paths.ts';
import { pathTo } from './route-paths.ts';

/**
 * `pathTo` bound to the runtime and the current URL's parameters (so entity-area links keep the
 * entity). An unregistered name is logged and gives the 404 path.
 */
export function usePathTo(): (name: string, params?: RouteParams) => string {
  const { config, logger } = useRuntime();
  const current = useParams();
  return useCallback(
    (name, params = {}) => pathTo(config, logger, name, { ...current, ...params }),
    [config, logger, current],
  );
}
