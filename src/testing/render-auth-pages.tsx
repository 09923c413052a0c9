// Mounts sign-in pages (plugins/auth) with the real store, translations, Mantine and a memory router,
// around the session members the test fakes (those its pages' hooks use), without the guards of the router.
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { RouterPageLocation } from '../routing/router-page-location.tsx';
import { makeStore } from '../store/store.ts';
import { PortalProviders } from '../app/portal-providers.tsx';
import type { SessionService } from '../auth/session-service.ts';
import { sessionEnded } from '../store/session-slice.ts';
import { createI18n } from '../i18n/i18n.ts';
import { createLogger } from '../logging/logger.ts';
import type { PluginDefinition } from '../plugin-host/plugin-definition.ts';
import { createPluginRegistry } from '../plugin-host/registry.ts';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { loadRealManifest } from './manifest.ts';

/** What a plugin's session hooks reach of the session service: a test fakes those its pages use. */
export type SessionFakes = Partial<
  Pick<
    SessionService,
    | 'chooseLoginPage'
    | 'signInCustomer'
    | 'singleSignOnAvailable'
    | 'startCustomerSingleSignOn'
    | 'completeCustomerSingleSignOn'
    | 'startCollaboratorSignIn'
    | 'completeCollaboratorSignIn'
    | 'signOut'
    | 'acceptTerms'
    | 'destinationAfterSignIn'
    | 'selectEntity'
  >
>;

/** The fakes as a session service: a member the test did not fake fails loudly, naming itself, when called. */
function sessionOf(fakes: SessionFakes): SessionService {
  const faked: Record<string, unknown> = fakes;
  return new Proxy(faked, {
    get: (target, member) =>
      typeof member === 'string' && !(member in target)
        ? () => {
            throw new Error(`renderAuthPages: the page called ${member}, which the test did not fake`);
          }
        : target[member as string],
  }) as SessionService;
}

export type RenderAuthPagesOptions = {
  path: string;
  session: SessionFakes;
  pages: readonly { path: string; element: ReactNode }[];
  plugins: readonly PluginDefinition[];
  /** Start as after a session expiry (the 'Session expirée' notice is due). */
  expired?: boolean;
  /** The manifest in use; the shipped one when omitted. */
  manifest?: PortalConfig;
};

export async function renderAuthPages(options: RenderAuthPagesOptions) {
  const config = options.manifest ?? loadRealManifest();
  const store = makeStore();
  if (options.expired === true) store.dispatch(sessionEnded({ expired: true }));
  const i18n = await createI18n(config.app);
  const runtime = {
    config,
    flags: {},
    registry: createPluginRegistry(options.plugins),
    logger: createLogger(),
  };
  // The pages see the router's location as in the portal (PortalFrame gives it there).
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouterPageLocation>
            <Outlet />
          </RouterPageLocation>
        ),
        children: [...options.pages, { path: '*', element: <h1>landed</h1> }],
      },
    ],
    { initialEntries: [options.path] },
  );
  render(
    <PortalProviders
      store={store}
      runtime={runtime}
      i18n={i18n}
      session={sessionOf(options.session)}
      tracker={{ track: () => undefined }}
      env="test"
    >
      <RouterProvider router={router} />
    </PortalProviders>,
  );
  return { router, store, user: userEvent.setup() };
}
