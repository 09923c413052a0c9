import type { PortalConfig } from '../../schemas/portal-config.ts';
import type { ChoosableCategory, ConsentChoice } from '../analytics/consent.ts';
import { pathOf } from '../manifest/route-index.ts';
import type { StoredToken } from '../session/token-storage.ts';

/** Which app the entry starts: the light sign-in app (the login page alone) or the whole portal. */
type EntryApp = 'sign-in' | 'portal';

export type EntryFacts = {
  pathname: string;
  config: PortalConfig;
  token: StoredToken;
  /** The categories the consent banner would ask about on this page (askedConsentCategories). */
  askedConsent: readonly ChoosableCategory[];
  consent: { decided: boolean; choice: ConsentChoice };
};

/**
 * The sign-in app shows the login route to someone without a live session, when the page has nothing
 * else to do: no consent banner to show and no accepted third-party script to load (the portal does both).
 * A live session, any other path, or consent work: the portal, as before.
 */
export function entryApp(facts: EntryFacts): EntryApp {
  const loginPath = pathOf(facts.config, facts.config.routing.loginRoute);
  if (loginPath === undefined || facts.token === 'active') return 'portal';
  const path = facts.pathname.length > 1 ? facts.pathname.replace(/\/+$/, '') : facts.pathname;
  if (path !== loginPath) return 'portal';
  const consentQuiet =
    facts.askedConsent.length === 0 ||
    (facts.consent.decided && facts.askedConsent.every((category) => !facts.consent.choice[category]));
  return consentQuiet ? 'sign-in' : 'portal';
}
