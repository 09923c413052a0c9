import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { pathOf } from '../manifest/route-index.ts';
import type { RuntimeManifest } from '../manifest/runtime-manifest.ts';
import type { StoredToken } from '../session/token-storage.ts';
import { pathFact, startRow } from './start-table.ts';
import type { PrerenderDecision, StartApp, StartFacts } from './start-table.ts';

export type EntryFacts = {
  pathname: string;
  config: PortalConfig;
  token: StoredToken;
};

/** The rows of the start table (src/app/start-table.ts) the entry can see: the address and the session. */
function entryFacts(facts: EntryFacts): Partial<StartFacts> | undefined {
  const loginPath = pathOf(facts.config, facts.config.routing.loginRoute);
  if (loginPath === undefined) return undefined;
  return { path: pathFact(facts.pathname, loginPath), session: facts.token };
}

/**
 * Which app the entry starts: the light sign-in app (the login page alone, with the consent banner and the
 * accepted third-party scripts, as the portal would) or the whole portal. A manifest without a login
 * route: the portal.
 */
export function entryApp(facts: EntryFacts): StartApp {
  const seen = entryFacts(facts);
  return seen === undefined ? 'portal' : startRow(seen).app;
}

/**
 * What the entry rules on the pre-rendered login page, with what the page's inline script could not see:
 * the manifest actually in use (a stored one may be invalid) and the session's expiry.
 */
export function entryPrerender(
  facts: EntryFacts & { manifest: RuntimeManifest['source'] },
): PrerenderDecision {
  const seen = entryFacts(facts);
  if (seen === undefined) return 'off';
  return startRow({ ...seen, manifest: facts.manifest === 'built-in' ? 'built-in' : 'published' }).prerender;
}
