import type { i18n as I18n } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { createPluginRegistry } from '../plugin-host/registry.ts';
import { entitySelected, sessionSlice, sessionStarted } from '../store/session-slice.ts';
import { makeStore } from '../store/store.ts';
import type { RootState } from '../store/store.ts';
import { claire, entity1001 } from '../testing/current-users.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { realPlugins } from '../testing/render-portal.tsx';
import { warmUpFirstRoute, warmUpHomeWidgets } from './warm-up.ts';

/** A definition whose loader records its reference in `loaded` and answers `answer` instead of importing. */
function recording<D extends { component: () => Promise<unknown> }>(
  definition: D,
  ref: string,
  loaded: string[],
  answer: () => ReturnType<D['component']>,
): D {
  return {
    ...definition,
    component: () => {
      loaded.push(ref);
      return answer();
    },
  };
}

/** The runtime the warm-ups read, on the real manifest and the given registry. */
function runtimeOf<R>(registry: R, flags: Record<string, boolean>) {
  return { config: loadRealManifest(), flags, logger: createLogger({ minLevel: 5 }), registry };
}

/** The real plugins with every page's loader recording its reference instead of importing. */
function recordingRuntime() {
  const loaded: string[] = [];
  const registry = createPluginRegistry(realPlugins);
  const page = (ref: string) => {
    const definition = registry.page(ref);
    return (
      definition &&
      recording(
        definition,
        ref,
        loaded,
        () =>
          new Promise<never>(() => {
            /* never settles: the test only records the ask */
          }),
      )
    );
  };
  return { runtime: runtimeOf({ ...registry, page }, {}), loaded };
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

/** The real plugins with every widget's loader recording its reference and answering at once. */
function widgetRecordingRuntime() {
  const widgetsLoaded: string[] = [];
  const registry = createPluginRegistry(realPlugins);
  const widget = (ref: string) => {
    const resolved = registry.widget(ref);
    return (
      resolved && {
        ...resolved,
        definition: recording(resolved.definition, ref, widgetsLoaded, () =>
          Promise.resolve({ default: () => null }),
        ),
      }
    );
  };
  const runtime = runtimeOf({ ...registry, widget }, { homeWidgets: true, booking: true });
  const loadNamespaces = vi.fn((_namespaces: readonly string[]) => Promise.resolve());
  const i18n = { loadNamespaces, language: 'fr-FR', hasResourceBundle: () => false } as unknown as I18n;
  return { runtime, widgetsLoaded, loadNamespaces, i18n };
}

/** The state once Claire's entity (no offer: the manifest's default widget set) is stored. */
function withEntitySelected(): RootState {
  const state = makeStore().getState();
  let session = sessionSlice.reducer(
    state.session,
    sessionStarted({
      user: claire,
      globalPermissions: [],
      entityCount: 1,
      singleEntityId: 1001,
      rememberedEntityId: null,
      pendingTermsId: null,
      notifications: null,
    }),
  );
  session = sessionSlice.reducer(
    session,
    entitySelected({
      entity: entity1001,
      permissions: [],
      reportsCount: 0,
    }),
  );
  return { ...state, session };
}

describe('the home widgets are asked for while the entity is being selected, all at once', () => {
  it("on the grid's page: each chosen widget's code and its plugin's strings, settled together", async () => {
    const { runtime, widgetsLoaded, loadNamespaces, i18n } = widgetRecordingRuntime();
    const warming = warmUpHomeWidgets(runtime, i18n, withEntitySelected(), '/dossier/1001/accueil');
    expect(warming).toBeDefined();
    // Asked for before anything renders, not one frame after the other.
    expect(widgetsLoaded).toEqual(['news/rss', 'lab/lab', 'booking/booking']);
    expect(loadNamespaces).toHaveBeenCalledTimes(1);
    expect([...(loadNamespaces.mock.calls[0]?.[0] ?? [])].sort()).toEqual(['booking', 'lab', 'news']);
    await expect(warming).resolves.toBeUndefined();
  });

  it('nothing on a page of the entity without the grid', () => {
    const { runtime, widgetsLoaded, loadNamespaces, i18n } = widgetRecordingRuntime();
    expect(
      warmUpHomeWidgets(runtime, i18n, withEntitySelected(), '/dossier/1001/comptabilite'),
    ).toBeUndefined();
    expect(widgetsLoaded).toEqual([]);
    expect(loadNamespaces).not.toHaveBeenCalled();
  });
});
