/*
 * What the client login page needs of the engine, in a file without the store or the router: the light
 * sign-in app (src/app/sign-in-app.tsx) shows that page with these alone.
 */
import { useMemo } from 'react';
import { routePath } from '../auth/landing.ts';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';

/** The firm's look from the manifest in use (`branding`): name, logo, colour, support; undefined without one. */
export function useBranding(): PortalConfig['branding'] {
  return useRuntime().config.branding;
}

/**
 * The customer's sign-in, on the client login page: `chooseLoginPage`, `signInCustomer`,
 * `singleSignOnAvailable`, `startCustomerSingleSignOn` (the portal's session service, or the sign-in
 * app's, which hands the sign-in over to it).
 *
 * @example
 * const session = useCustomerSignIn();
 * const outcome = await session.signInCustomer({ email, password }, redirect);
 */
export { useCustomerSignIn, useExpiredNotice } from '../auth/sign-in-context.tsx';
export type { SignInActions } from '../auth/sign-in-context.tsx';

/**
 * The address bar's query, navigation and links, wherever the page is shown (the portal's router or the
 * sign-in app).
 *
 * @example
 * const { searchParams, navigate, Link } = usePageLocation();
 */
export { usePageLocation } from '../plugin-host/page-location.ts';
export type { PageLocation, PageTo } from '../plugin-host/page-location.ts';

/**
 * The path of a route of the manifest by name, without access checks (sign-in pages link to each other
 * while nobody is signed in). '/' when the manifest has no such route.
 *
 * @example
 * const resetHref = useRoutePath('resetPassword');
 */
export function useRoutePath(
  routeName: string,
  params: Readonly<Record<string, string | number | undefined>> = {},
): string {
  const { config } = useRuntime();
  const key = JSON.stringify(params);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- params compared by value
  return useMemo(() => routePath(config, routeName, params), [config, routeName, key]);
}
