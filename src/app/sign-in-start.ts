import { pathFact, startRow } from './start-table.ts';
import type { PrerenderDecision, StartApp } from './start-table.ts';

/**
 * What the sign-in app rules on the pre-rendered login page, with the rows of the start table
 * (src/app/start-table.ts) only it sees: the language i18next chose and the consent banner's state.
 */
export function signInPrerender(facts: {
  language: string;
  defaultLocale: string;
  /** Whether the manifest asks for consent on this page (the prerender then draws the banner). */
  banner: boolean;
  /** Whether the consent choice is made. */
  decided: boolean;
}): PrerenderDecision {
  return startRow({
    language: facts.language === facts.defaultLocale ? 'default' : 'other',
    consent: !facts.banner ? 'not-asked' : facts.decided ? 'chosen' : 'due',
  }).prerender;
}

/** The app an address belongs to once the sign-in app runs: leaving the login route hands over. */
export function appAt(pathname: string, loginPath: string): StartApp {
  return startRow({ path: pathFact(pathname, loginPath) }).app;
}
