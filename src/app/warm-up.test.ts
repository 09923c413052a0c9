import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { createPluginRegistry } from '../runtime/registry.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { realPlugins } from '../testing/render-portal.tsx';
import { warmUpFirstRoute } from './warm-up.ts';

/** The real plugins with every page's loader recording its reference instead of importing. */
function recordingRuntime() {
  const loaded: string[] = [];
  const registry = createPluginRegistry(realPlugins);
  const page = (ref: string) => {
    const definition = registry.page(ref);
    return definition === undefined
      ? undefined
      : {
          ...definition,
          component: () => {
            loaded.push(ref);
            return new Promise<never>(() => {
              /* never settles: the test only records the ask */
            });
          },
        };
  };
  const runtime = {
    config: loadRealManifest(),
    flags: {},
    logger: createLogger({ minLevel: 5 }),
    registry: { ...registry, page },
  };
  return { runtime, loaded };
}

describe('the first route is asked for as soon as the entry runs', () => {
  it("the login page's code, before the router renders it", () => {
    const { runtime, loaded } = recordingRuntime();
    warmUpFirstRoute(runtime, '/login', undefined);
    expect(loaded).toEqual(['auth/client-login']);
  });

  it("an entity home's page", () => {
    const { runtime, loaded } = recordingRuntime();
    warmUpFirstRoute(runtime, '/dossier/1001/accueil', undefined);
    expect(loaded).toHaveLength(1);
    expect(loaded[0]).toMatch(/home/);
  });

  it('nothing for an unknown address', () => {
    const { runtime, loaded } = recordingRuntime();
    warmUpFirstRoute(runtime, '/nowhere/at/all', undefined);
    expect(loaded).toEqual([]);
  });
});
