import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { pathOf } from '../manifest/route-index.ts';
import type { StoredToken } from '../session/token-storage.ts';

/** Which app the entry starts: the light sign-in app (the login page alone) or the whole portal. */
type EntryApp = 'sign-in' | 'portal';

export type EntryFacts = {
  pathname: string;
  config: PortalConfig;
  token: StoredToken;
};

/**
 * The sign-in app shows the login route to someone without a live session (with the consent banner and
 * the accepted third-party scripts, as the portal would). A live session or any other path: the portal.
 */
export function entryApp(facts: EntryFacts): EntryApp {
  const loginPath = pathOf(facts.config, facts.config.routing.loginRoute);
  if (loginPath === undefined || facts.token === 'active') return 'portal';
  const path = facts.pathname.length > 1 ? facts.pathname.replace(/\/+$/, '') : facts.pathname;
  return path === loginPath ? 'sign-in' : 'portal';
}
