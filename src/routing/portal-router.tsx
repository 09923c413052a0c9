import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { useAppDispatch } from '../app/hooks.ts';
import { useRuntime } from '../app/runtime.tsx';
import { createDefaultServices } from './default-services.ts';
import { buildPortalRoutes } from './route-tree.tsx';
import { NavigationServicesProvider } from './services.tsx';
import type { NavigationServices } from './services.tsx';

export type PortalDataRouter = ReturnType<typeof createBrowserRouter>;

export type PortalRouterProps = {
  /** A router over `buildPortalRoutes(runtime)` (tests pass a memory router); the browser's when absent. */
  router?: PortalDataRouter;
  /** Session services; the real ones (src/auth over the api slice) when absent. */
  services?: NavigationServices;
};

/** The manifest's routes in a react-router 7 data router, with the guards and the shell. */
export function PortalRouter({ router: given, services }: PortalRouterProps) {
  const runtime = useRuntime();
  const dispatch = useAppDispatch();
  const [router] = useState(() => given ?? createBrowserRouter(buildPortalRoutes(runtime)));
  const [real] = useState(() => services ?? createDefaultServices(runtime, dispatch));
  return (
    <NavigationServicesProvider services={services ?? real}>
      <RouterProvider router={router} />
    </NavigationServicesProvider>
  );
}
