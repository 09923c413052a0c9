// Test helper: the pre-rendered page's inline script run as the page's head runs it.
import { PRERENDER_ATTRIBUTE, prerenderDecisionScript } from './prerender-decision.ts';
import type { PrerenderFacts } from './prerender-decision.ts';

/** Runs the script's exact text (the one the CSP hashes) here, and reads what it wrote on <html>. */
export function runDecisionScript(facts: PrerenderFacts): string | null {
  document.documentElement.removeAttribute(PRERENDER_ATTRIBUTE);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's text is what is under test
  const run = new Function(prerenderDecisionScript(facts)) as () => void;
  run();
  return document.documentElement.getAttribute(PRERENDER_ATTRIBUTE);
}
