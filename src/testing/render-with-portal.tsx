/*
 * Test harness for plugins and the grid: mounts a component inside the real engine providers (store,
 * runtime, translations, Mantine, a memory router) with a fake gateway answering by method and path.
 * For tests only (it imports Testing Library).
 */
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { i18n as I18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { onTestFinished } from 'vitest';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { createGatewayClient } from '../api/base-query.ts';
import { PortalProviders } from '../app/portal-providers.tsx';
import type { EntitySummary } from '../api/types.ts';
import type { PortalRuntime } from '../plugin-host/runtime.tsx';
import { makeStore } from '../store/store.ts';
import type { AppStore } from '../store/store.ts';
import { initialSessionState } from '../store/session-slice.ts';
import type { CurrentUser, SessionState } from '../store/session-slice.ts';
import { createI18n } from '../i18n/i18n.ts';
import { createLogger } from '../logging/logger.ts';
import type { LogLevelName } from '../logging/logger.ts';
import type { PluginDefinition } from '../plugin-host/plugin-definition.ts';
import { createPluginRegistry } from '../plugin-host/registry.ts';
import type { Tracker, TrackProperties } from '../plugin-host/tracker.ts';

/** What the fake gateway is asked. */
export type FakeRequest = { method: string; path: string; search: URLSearchParams; body: unknown };
/** Its answer: a status and a JSON body (204 when the body is undefined). */
export type FakeAnswer = { status?: number; body?: unknown } | undefined;
export type FakeGateway = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export type TestPersona = {
  isCustomer: boolean;
  globalPermissions?: string[];
  entityCount?: number;
  entity?: Partial<EntitySummary> & {
    permissions?: string[];
    reportsCount?: number;
  };
};

export type RenderWithPortalOptions = {
  config: PortalConfig;
  flags?: Readonly<Record<string, boolean>>;
  plugins?: readonly PluginDefinition[];
  persona?: TestPersona;
  gateway?: FakeGateway;
  route?: string;
  language?: string;
};

export type PortalRender = RenderResult & {
  store: AppStore;
  user: UserEvent;
  i18n: I18n;
  requests: FakeRequest[];
  logs: { level: LogLevelName; message: string; details: readonly unknown[] }[];
  tracked: { event: string; properties: TrackProperties }[];
  /** Unmounts and renders the same UI again with the same store (warm caches): a plain re-mount. */
  mountAgain(): RenderResult;
};

/** A signed-in session for `persona`, with its selected entity (the seed's shape). */
export function sessionFor(persona: TestPersona): SessionState {
  const user: CurrentUser = {
    firstName: 'Test',
    lastName: persona.isCustomer ? 'Client' : 'Collab',
    id: 1,
    email: 'test@demo.test',
    officeMobile: '',
    isCustomer: persona.isCustomer,
    oldId: 0,
    persona: persona.isCustomer ? 'Client' : 'Collaborateur',
    gigyaUserId: '',
    occupation: '',
    entities: [],
    isCollab: !persona.isCustomer,
    hasAcceptedTerms: true,
    favoriteEntities: [],
  };
  const entity = persona.entity;
  return {
    ...initialSessionState,
    status: 'authenticated',
    user,
    globalPermissions: persona.globalPermissions ?? [],
    entityCount: persona.entityCount ?? 1,
    selectedEntity:
      entity === undefined
        ? null
        : {
            accountId: entity.accountId ?? 1001,
            accountNumber: entity.accountNumber ?? 'C-1001',
            name: entity.name ?? 'Boulangerie Martin SARL',
            subscriptions: entity.subscriptions ?? [],
            isClarityVisible: entity.isClarityVisible ?? false,
            isSignatory: entity.isSignatory ?? false,
          },
    entityPermissions: entity?.permissions ?? [],
    entityReportsCount: entity?.reportsCount ?? 0,
  };
}

/**
 * Renders `ui` inside the real engine providers. The gateway is faked by `gateway`; a request it does not
 * handle (answers undefined) gets a 404 and fails the test when it ends (like MSW's
 * `onUnhandledRequest: 'error'`): a test names every call its screen makes, so a call added or changed
 * by mistake does not pass unseen. Give a handler answering `{ status: 404 }` where a 404 is the point.
 * Requests, logs and tracked events are recorded for assertions.
 *
 * @example
 * const view = await renderWithPortal(<RssWidget widgetId="news/rss" size={2} />, {
 *   config: loadRealManifest(),
 *   persona: { isCustomer: true, entity: { accountId: 1001 } },
 *   gateway: ({ path }) => (path === '/contact/api/news' ? { body: { items: [] } } : undefined),
 * });
 * expect(await view.findByText('Aucune actualité disponible pour le moment.')).toBeVisible();
 */
export async function renderWithPortal(
  ui: ReactElement,
  options: RenderWithPortalOptions,
): Promise<PortalRender> {
  const requests: FakeRequest[] = [];
  const logs: PortalRender['logs'] = [];
  const tracked: PortalRender['tracked'] = [];
  const logger = createLogger({
    minLevel: 1,
    sink: (level, message, details) => logs.push({ level, message, details }),
  });
  const gateway: FakeGateway = options.gateway ?? (() => undefined);
  const unhandled: string[] = [];
  onTestFinished(() => {
    if (unhandled.length > 0)
      throw new Error(`The fake gateway was asked what no handler answers:\n${unhandled.join('\n')}`);
  });
  const gatewayClient = createGatewayClient({
    gatewayBaseUrl: 'https://gateway.test/',
    dataServiceBaseUrl: 'https://data.test/',
    tokenStore: { get: () => 'test-token' },
    refresher: {
      ensureFreshToken: () => Promise.resolve('test-token'),
      settled: () => Promise.resolve('test-token'),
    },
    logger,
    services: options.config.gateway.services,
    fetchFn: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const text = await request.text();
      const fake: FakeRequest = {
        method: request.method,
        path: url.pathname,
        search: url.searchParams,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      };
      requests.push(fake);
      let answer = await gateway(fake);
      if (answer === undefined) {
        unhandled.push(`${fake.method} ${fake.path}${url.search}`);
        answer = { status: 404, body: { error: 'not_found', message: fake.path } };
      }
      const status = answer.status ?? (answer.body === undefined ? 204 : 200);
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
  const registry = createPluginRegistry(options.plugins ?? []);
  const flags = options.flags ?? {};
  const runtime: PortalRuntime = { config: options.config, flags, registry, logger };
  const i18n = await createI18n({
    defaultLocale: options.language ?? options.config.app.defaultLocale,
    locales: options.config.app.locales,
  });
  const store = makeStore({
    extra: { gateway: gatewayClient },
    preloadedState: { session: sessionFor(options.persona ?? { isCustomer: true, entity: {} }) },
  });
  const tracker: Tracker = { track: (event, properties) => tracked.push({ event, properties }) };
  const user = userEvent.setup();
  const tree = (
    <PortalProviders store={store} runtime={runtime} i18n={i18n} tracker={tracker} env="test">
      <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
    </PortalProviders>
  );
  let view = render(tree);
  const mountAgain = () => {
    view.unmount();
    view = render(tree);
    return view;
  };
  return Object.assign(view, { store, user, i18n, requests, logs, tracked, mountAgain });
}
