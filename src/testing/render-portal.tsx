/*
 * Mounts the real engine for a test: store preloaded with a session, runtime (manifest, flags, plugins,
 * logger), translations in fr-FR, Mantine, and the manifest router in memory mode at `path`. Session
 * services (select an entity, list entities, terms, sign-out) are fakes over `entities`, so guards and
 * the shell run without a network.
 */
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import type { ComponentType } from 'react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Mock } from 'vitest';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import type { EntitySummary } from '../api/types.ts';
import { plugins as realPlugins } from '../app/plugins.ts';
import { PortalProviders } from '../app/portal-providers.tsx';
import type { PortalRuntime } from '../plugin-host/runtime.tsx';
import { makeStore } from '../store/store.ts';
import type { AppStore } from '../store/store.ts';
import { entitySelected, initialSessionState, sessionEnded } from '../store/session-slice.ts';
import type { SessionState } from '../store/session-slice.ts';
import { createI18n } from '../i18n/i18n.ts';
import { createLogger } from '../logging/logger.ts';
import type { LogLevelName } from '../logging/logger.ts';
import type { PluginDefinition } from '../plugin-host/plugin-definition.ts';
import { definePage, definePlugin } from '../plugin-host/plugin-definition.ts';
import { createPluginRegistry } from '../plugin-host/registry.ts';
import { PortalRouter } from '../routing/portal-router.tsx';
import type { PortalDataRouter } from '../routing/portal-router.tsx';
import { buildPortalRoutes } from '../routing/route-tree.tsx';
import type { NavigationServices } from '../routing/services.tsx';
import { PortalLayout } from '../shell/layouts.tsx';
import { loadRealManifest } from './manifest.ts';
import { demoFlags } from './personas.ts';

/** An entity the fake session layer knows: what selecting it loads. */
export type FakeEntity = { entity: EntitySummary; permissions: readonly string[]; reportsCount: number };

export type RenderPortalOptions = {
  manifest?: PortalConfig;
  plugins?: readonly PluginDefinition[];
  session?: Partial<SessionState>;
  path: string;
  /** Overrides of the demo flags (every flag on except maintenance). */
  flags?: Record<string, boolean>;
  /** The entities the user may open; selecting any other fails (→ 403). */
  entities?: readonly FakeEntity[];
  /** The terms check's answer for a customer without stored acceptance. */
  terms?: { state: 'current' } | { state: 'required'; termsId: number };
  /** What the engine draws under the page of a route with `homeGrid` (none when absent, as with stub pages). */
  homeGrid?: ComponentType;
};

export type RenderedPortal = RenderResult & {
  router: PortalDataRouter;
  store: AppStore;
  runtime: PortalRuntime;
  i18n: I18n;
  user: UserEvent;
  services: { [K in keyof NavigationServices]-?: Mock<NonNullable<NavigationServices[K]>> };
  logs: { level: LogLevelName; message: string }[];
  /** Current path and query of the memory router. */
  location: () => string;
  /** The analytics events the portal sent, in order. */
  tracked: { event: string; properties: Readonly<Record<string, unknown>> }[];
};

export async function renderPortal(options: RenderPortalOptions): Promise<RenderedPortal> {
  const config = options.manifest ?? loadRealManifest();
  const flags = demoFlags(config, options.flags);
  const logs: RenderedPortal['logs'] = [];
  const logger = createLogger({ minLevel: 1, sink: (level, message) => logs.push({ level, message }) });
  const runtime: PortalRuntime = {
    config,
    flags,
    registry: createPluginRegistry(options.plugins ?? realPlugins),
    logger,
  };
  const store = makeStore({ preloadedState: { session: { ...initialSessionState, ...options.session } } });
  const i18n = await createI18n(config.app);
  const entities = options.entities ?? [];

  const services = {
    selectEntity: vi.fn<NavigationServices['selectEntity']>((entityId) => {
      const known = entities.find((candidate) => candidate.entity.accountId === entityId);
      if (known === undefined) return Promise.reject(new Error(`403 on entity ${String(entityId)}`));
      store.dispatch(
        entitySelected({
          entity: known.entity,
          permissions: [...known.permissions],
          reportsCount: known.reportsCount,
        }),
      );
      return Promise.resolve();
    }),
    listEntities: vi.fn<NavigationServices['listEntities']>(({ search, pageSize }) => {
      const needle = search?.toLowerCase() ?? '';
      const found = entities
        .map((candidate) => candidate.entity)
        .filter(
          (entity) =>
            entity.name.toLowerCase().includes(needle) || entity.accountNumber.toLowerCase().includes(needle),
        );
      return Promise.resolve(found.slice(0, pageSize));
    }),
    checkTerms: vi.fn<NavigationServices['checkTerms']>(() =>
      Promise.resolve(options.terms ?? { state: 'current' }),
    ),
    retryBootstrap: vi.fn<NavigationServices['retryBootstrap']>(() => Promise.resolve()),
    prefetchEntityPage: vi.fn<NonNullable<NavigationServices['prefetchEntityPage']>>(),
    signOut: vi.fn<NavigationServices['signOut']>(() => {
      store.dispatch(sessionEnded({ expired: false }));
      return Promise.resolve({ redirected: false, to: '/login' });
    }),
  };

  const router = createMemoryRouter(buildPortalRoutes(runtime), { initialEntries: [options.path] });
  const tracked: RenderedPortal['tracked'] = [];
  const result = render(
    <PortalProviders
      store={store}
      runtime={runtime}
      i18n={i18n}
      tracker={{ track: (event, properties) => void tracked.push({ event, properties }) }}
      env="test"
    >
      <PortalRouter
        router={router}
        services={services}
        layout={PortalLayout}
        {...(options.homeGrid === undefined ? {} : { homeGrid: options.homeGrid })}
      />
    </PortalProviders>,
  );
  return {
    ...result,
    router,
    store,
    runtime,
    i18n,
    user: userEvent.setup(),
    services,
    logs,
    location: () => router.state.location.pathname + router.state.location.search,
    tracked,
  };
}

/** Replaces the pages of these plugins by a bare heading naming the page (their own tests cover them). */
export function withStubPages(
  plugins: readonly PluginDefinition[],
  pluginIds: readonly string[],
): PluginDefinition[] {
  return plugins.map((plugin) =>
    pluginIds.includes(plugin.id)
      ? definePlugin({
          ...plugin,
          pages: (plugin.pages ?? []).map((page) =>
            definePage({
              name: page.name,
              component: () =>
                Promise.resolve({
                  default: function StubPage() {
                    return (
                      <h1 tabIndex={-1}>
                        {plugin.id}/{page.name}
                      </h1>
                    );
                  },
                }),
            }),
          ),
        })
      : plugin,
  );
}

export { realPlugins };
