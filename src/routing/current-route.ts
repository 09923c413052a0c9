import { useMatches } from 'react-router';
import type { UIMatch } from 'react-router';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { indexRoutes } from '../manifest/route-index.ts';
import type { IndexedRoute } from '../manifest/route-index.ts';

/** What every route generated from the manifest carries, so the shell knows which route it is on. */
export type ManifestRouteHandle = { routeName: string };

function isManifestHandle(handle: unknown): handle is ManifestRouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as Partial<ManifestRouteHandle>).routeName === 'string'
  );
}

export type CurrentRoute = { name: string; indexed: IndexedRoute; params: UIMatch['params'] };

/** The deepest matched manifest route (the page shown), or null on an unknown path. */
export function useCurrentRoute(): CurrentRoute | null {
  const { config } = useRuntime();
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    if (match !== undefined && isManifestHandle(match.handle)) {
      const indexed = indexRoutes(config).get(match.handle.routeName);
      if (indexed !== undefined) return { name: match.handle.routeName, indexed, params: match.params };
    }
  }
  return null;
}
