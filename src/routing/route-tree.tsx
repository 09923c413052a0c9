import { Suspense } from 'react';
import type { ComponentType } from 'react';
import { Navigate, Outlet } from 'react-router';
import type { RouteObject } from 'react-router';
import type { RouteConfig } from '../../kernel/schemas/portal-config.ts';
import { useConditionContext } from '../plugin-host/condition-context.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';
import type { PortalRuntime } from '../plugin-host/runtime.tsx';
import type { PagePrefetch } from '../api/home-layout.ts';
import { activeRedirect } from '../manifest/navigation.ts';
import { ENTITY_PARAM } from './redirects.ts';
import type { ManifestRouteHandle } from './current-route.ts';
import { GuardPending } from './guard-pending.tsx';
import { useWithHomeGrid, useWithinLayout } from './layout-slot.ts';
import { PortalFrame } from './portal-frame.tsx';
import { RedirectTo } from './redirect-route.tsx';
import { resilientPage } from './resilient-page.tsx';
import { RouteError, errorPageOf } from './route-error.tsx';
import { routingPath } from './route-paths.ts';
import { UnknownPath } from './unknown-path.tsx';

/**
 * What a manifest route renders: its redirect when one of its rules holds, else its page (or its
 * children), inside its layout when it sets one.
 */
function RouteBody({ route, Page }: { route: RouteConfig; Page?: ComponentType }) {
  const { config } = useRuntime();
  const context = useConditionContext();
  const rule = activeRedirect(config, route, context);
  const withGrid = useWithHomeGrid(route.homeGrid, Page === undefined ? null : <Page />);
  const content =
    rule !== undefined ? (
      <RedirectTo rule={rule} />
    ) : Page === undefined ? (
      <Outlet />
    ) : (
      // A page waiting for its translations keeps the shell on screen; the grid shows with it, not before.
      <Suspense fallback={<GuardPending />}>{withGrid}</Suspense>
    );
  return useWithinLayout(route.layout, content);
}

/** A route naming a page no plugin provides: logged, then the 404 page rather than a blank one. */
function MissingPage({ reference }: { reference: string }) {
  const { config, logger } = useRuntime();
  logger.error(`No plugin provides the page "${reference}"`);
  return <Navigate to={routingPath(config, 'notFoundRoute')} replace />;
}

/** Starts the calls a page of an entity will make (the session layer's `prefetchEntityPage`). */
export type EntityPagePrefetch = (entityId: number, reads: readonly PagePrefetch[]) => void;

const DIGITS = /^\d+$/;

function toRouteObject(
  runtime: PortalRuntime,
  route: RouteConfig,
  errorPage: ComponentType | null,
  prefetch: EntityPagePrefetch | undefined,
): RouteObject {
  const handle: ManifestRouteHandle = { routeName: route.name };
  const page = route.page === undefined ? undefined : runtime.registry.page(route.page);
  const body: Pick<RouteObject, 'element' | 'lazy' | 'errorElement' | 'loader'> =
    route.page !== undefined && page === undefined
      ? { element: <MissingPage reference={route.page} /> }
      : page === undefined
        ? { element: <RouteBody route={route} /> }
        : {
            // Each page is its own chunk, fetched by the router before the navigation commits.
            // A failed load never rejects (the router would keep the rejection for the tab's life): the
            // route gets a page that says what happened inside the shell and loads again on retry.
            lazy: async () => {
              try {
                const { default: Page } = await page.component();
                return { Component: () => <RouteBody route={route} Page={Page} /> };
              } catch (error) {
                runtime.logger.error(`The code of the page "${route.page ?? ''}" could not be loaded`, error);
                const Page = resilientPage(page.component, error);
                return { Component: () => <RouteBody route={route} Page={Page} /> };
              }
            },
            errorElement: <RouteError page={errorPage} layout={route.layout} />,
            // The router runs loaders alongside `lazy`: the entity's calls (and the page's own early
            // reads) go out while the page's code loads rather than after. Nothing is awaited here.
            ...(prefetch === undefined
              ? {}
              : {
                  loader: ({ params }: { params: Record<string, string | undefined> }) => {
                    const raw = params[ENTITY_PARAM];
                    // The home grid's saved layout, with the entity's calls rather than after the page.
                    if (raw !== undefined && DIGITS.test(raw))
                      prefetch(Number(raw), route.homeGrid === true ? ['homeLayout'] : []);
                    return null;
                  },
                }),
          };
  if (route.index === true) return { id: route.name, index: true, handle, ...body };
  const children = (route.children ?? []) as readonly RouteConfig[];
  // Pathless routes (the overview group) exist below the first level, whatever the level-1 type says.
  const { path } = route as { path?: string };
  return {
    id: route.name,
    ...(path === undefined ? {} : { path }),
    handle,
    ...body,
    ...(children.length === 0
      ? {}
      : { children: children.map((child) => toRouteObject(runtime, child, errorPage, prefetch)) }),
  };
}

/**
 * The react-router route table generated from the manifest's route tree; with `prefetch`, a page of an
 * entity starts that entity's calls while its code loads.
 */
export function buildPortalRoutes(runtime: PortalRuntime, prefetch?: EntityPagePrefetch): RouteObject[] {
  const errorPage = errorPageOf(runtime);
  return [
    {
      id: 'portal',
      element: <PortalFrame />,
      errorElement: <RouteError page={errorPage} />,
      hydrateFallbackElement: <GuardPending />,
      children: [
        ...runtime.config.routes.map((route) => toRouteObject(runtime, route, errorPage, prefetch)),
        { id: 'unknown', path: '*', element: <UnknownPath /> },
      ],
    },
  ];
}
