import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { useSessionService } from '../auth/session-context.tsx';
import type { ComponentType } from 'react';
import { HomeGridSlot, LayoutSlot } from './layout-slot.ts';
import type { PortalLayoutComponent } from './layout-slot.ts';
import { buildPortalRoutes } from './route-tree.tsx';
import { NavigationServicesProvider } from './services.tsx';
import type { NavigationServices } from './services.tsx';

export type PortalDataRouter = ReturnType<typeof createBrowserRouter>;

export type PortalRouterProps = {
  /** A router over `buildPortalRoutes(runtime)` (tests pass a memory router); the browser's when absent. */
  router?: PortalDataRouter;
  /** Session services; the auth layer's (`useSessionService`, mounted by createPortal) when absent. */
  services?: NavigationServices;
  /** The layouts of SPEC 2 (the shell's PortalLayout), drawn around each page whose route names one. */
  layout: PortalLayoutComponent;
  /** The home widget grid, under the page of a route that sets `homeGrid`; absent, such a page shows alone. */
  homeGrid?: ComponentType;
};

/** The manifest's routes in a react-router 7 data router, with the guards and the shell. */
export function PortalRouter({ router, services, layout, homeGrid }: PortalRouterProps) {
  return (
    <LayoutSlot value={layout}>
      <HomeGridSlot value={homeGrid ?? null}>
        {services === undefined ? (
          <WithSessionActions router={router} />
        ) : (
          <RouterWithServices router={router} services={services} />
        )}
      </HomeGridSlot>
    </LayoutSlot>
  );
}

function WithSessionActions({ router }: { router: PortalDataRouter | undefined }) {
  return <RouterWithServices router={router} services={useSessionService()} />;
}

function RouterWithServices({
  router: given,
  services,
}: {
  router: PortalDataRouter | undefined;
  services: NavigationServices;
}) {
  const runtime = useRuntime();
  const [router] = useState(
    () =>
      given ??
      createBrowserRouter(
        buildPortalRoutes(runtime, (entityId, reads) => services.prefetchEntityPage?.(entityId, reads)),
      ),
  );
  return (
    <NavigationServicesProvider services={services}>
      <RouterProvider router={router} />
    </NavigationServicesProvider>
  );
}
