import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { useRuntime } from '../app/runtime.tsx';
import { useSessionActions } from '../auth/session-context.tsx';
import { buildPortalRoutes } from './route-tree.tsx';
import { NavigationServicesProvider } from './services.tsx';
import type { NavigationServices } from './services.tsx';

export type PortalDataRouter = ReturnType<typeof createBrowserRouter>;

export type PortalRouterProps = {
  /** A router over `buildPortalRoutes(runtime)` (tests pass a memory router); the browser's when absent. */
  router?: PortalDataRouter;
  /** Session services; the auth layer's (`useSessionActions`, mounted by createPortal) when absent. */
  services?: NavigationServices;
};

/** The manifest's routes in a react-router 7 data router, with the guards and the shell. */
export function PortalRouter({ router, services }: PortalRouterProps) {
  return services === undefined ? (
    <WithSessionActions router={router} />
  ) : (
    <RouterWithServices router={router} services={services} />
  );
}

function WithSessionActions({ router }: { router: PortalDataRouter | undefined }) {
  return <RouterWithServices router={router} services={useSessionActions()} />;
}

function RouterWithServices({
  router: given,
  services,
}: {
  router: PortalDataRouter | undefined;
  services: NavigationServices;
}) {
  const runtime = useRuntime();
  const [router] = useState(() => given ?? createBrowserRouter(buildPortalRoutes(runtime)));
  return (
    <NavigationServicesProvider services={services}>
      <RouterProvider router={router} />
    </NavigationServicesProvider>
  );
}
