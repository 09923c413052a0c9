/*
 * Which app a load starts, and whether the build's pre-rendered login page stands: one table read by the
 * three places that decide it. The entry (src/app/entry-choice.ts, src/app/main.tsx) chooses the app and
 * checks the manifest in use and the session; the page's inline script (src/app/prerender-decision.ts),
 * which runs before any bundle, gets the table in its JSON and checks what the browser stores; the sign-in
 * app (src/app/sign-in-app.tsx) checks the language i18next chose and the consent banner, and hands over to
 * the portal when the address leaves the login route. Each reads the rows about the facts it can see:
 * a fact a reader leaves out meets no condition on it, the reader that sees it rules on it.
 * src/app/start-table.test.ts runs the three over every combination of facts.
 */
import type { StoredToken } from '../session/token-storage.ts';

/** What the start looks at. */
export type StartFacts = {
  /** The address: the login route's path (trailing slashes aside) or any other. */
  path: 'login' | 'elsewhere';
  /** The stored session token ('inactive': expired or unreadable). */
  session: StoredToken;
  /** The query: only parameters the first screen does not depend on, or one that changes the page. */
  query: 'neutral' | 'changes-page';
  /** The stored language: the default (or none, or one the manifest does not offer) or another. */
  language: 'default' | 'other';
  /** The manifest this load starts on. */
  manifest: 'built-in' | 'published';
  /** The consent banner: not asked for by the manifest, due, or its choice made. */
  consent: 'not-asked' | 'due' | 'chosen';
};

export type StartApp = 'sign-in' | 'portal';

/**
 * What becomes of the pre-rendered login page: 'on' (hydrated), 'no-banner' (hydrated, its consent banner
 * hidden and then removed) or 'off' (discarded: the app renders on the client).
 */
export type PrerenderDecision = 'on' | 'no-banner' | 'off';

type StartRow = { when: Partial<StartFacts>; app: StartApp; prerender: PrerenderDecision };

/** The first row whose conditions hold decides. */
export const START_TABLE = [
  // The portal routes every other address.
  { when: { path: 'elsewhere' }, app: 'portal', prerender: 'off' },
  // A live session: the portal lands the person, even from the login route.
  { when: { session: 'active' }, app: 'portal', prerender: 'off' },
  // An expired one: the login page, with the 'session expired' dialog the prerender does not draw.
  { when: { session: 'inactive' }, app: 'sign-in', prerender: 'off' },
  // An expired session, a redirect, a new password: a page other than the prerender's.
  { when: { query: 'changes-page' }, app: 'sign-in', prerender: 'off' },
  // The prerender is in the default language.
  { when: { language: 'other' }, app: 'sign-in', prerender: 'off' },
  // A published manifest may draw another login page.
  { when: { manifest: 'published' }, app: 'sign-in', prerender: 'off' },
  // The choice is made: the page without its banner.
  { when: { consent: 'chosen' }, app: 'sign-in', prerender: 'no-banner' },
  // The first visit the page was drawn for.
  { when: {}, app: 'sign-in', prerender: 'on' },
] as const satisfies readonly StartRow[];

/** The row that decides for the facts a reader sees. */
export function startRow(facts: Partial<StartFacts>): StartRow {
  const row = START_TABLE.find((candidate) =>
    Object.entries(candidate.when).every(([fact, value]) => facts[fact as keyof StartFacts] === value),
  );
  // The last row has no condition.
  if (row === undefined) throw new Error('The start table has no row without conditions');
  return row;
}

/** The table as the inline script reads it: [conditions, decision] pairs (it chooses no app). */
export function prerenderRows(): [Partial<StartFacts>, PrerenderDecision][] {
  return START_TABLE.map((row) => [row.when, row.prerender]);
}

/** The address as the table sees it: the inline script trims trailing slashes the same way. */
export function pathFact(pathname: string, loginPath: string): StartFacts['path'] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === loginPath ? 'login' : 'elsewhere';
}
