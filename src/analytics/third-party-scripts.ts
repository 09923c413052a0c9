import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import type { ConditionContext } from '../../kernel/conditions/evaluate.ts';
import { evaluateCondition } from '../../kernel/conditions/evaluate.ts';
import type { Logger } from '../logging/logger.ts';
import type { ConsentStore } from './consent.ts';

type ThirdPartyScript = PortalConfig['thirdPartyScripts'][number];

export type ScriptOutcome =
  | { name: string; status: 'loaded' }
  | { name: string; status: 'failed' }
  /** It was on the page and its category is no longer accepted (or its condition no longer holds). */
  | { name: string; status: 'removed' }
  | { name: string; status: 'skipped'; reason: 'condition' | 'consent' | 'already-loaded' };

export type LoadScriptsOptions = {
  scripts: readonly ThirdPartyScript[];
  context: ConditionContext;
  consent: Pick<ConsentStore, 'granted'>;
  logger: Logger;
  document?: Document;
};

const MARKER = 'data-third-party';

/**
 * Brings the page in line with the manifest's third-party scripts and the person's consent: adds those
 * whose `when` holds and whose category is granted, as async scripts at the end of <head> (they never
 * block the page), and removes from the page those whose consent was withdrawn. Resolves once each added
 * one has loaded or failed; a script that fails to load is logged and changes nothing else. Call it again
 * after each change of consent.
 */
export function loadThirdPartyScripts(options: LoadScriptsOptions): Promise<ScriptOutcome[]> {
  const { scripts, context, consent, logger } = options;
  const doc = options.document ?? document;
  return Promise.all(
    scripts.map((script): Promise<ScriptOutcome> => {
      const { name } = script;
      // Names are kebab-case (schema), so they are safe inside the attribute selector.
      const present = doc.head.querySelector(`script[${MARKER}="${name}"]`);
      const holds = evaluateCondition(script.when, context).result;
      if (!holds || !consent.granted(script.consent)) {
        if (present !== null) {
          present.remove();
          return Promise.resolve({ name, status: 'removed' });
        }
        return Promise.resolve({ name, status: 'skipped', reason: holds ? 'consent' : 'condition' });
      }
      if (present !== null) return Promise.resolve({ name, status: 'skipped', reason: 'already-loaded' });
      return new Promise<ScriptOutcome>((resolve) => {
        const element = doc.createElement('script');
        element.async = true;
        element.src = script.url;
        element.setAttribute(MARKER, name);
        element.referrerPolicy = 'strict-origin-when-cross-origin';
        element.addEventListener('load', () => {
          resolve({ name, status: 'loaded' });
        });
        element.addEventListener('error', () => {
          logger.warn('A third-party script failed to load; the portal continues without it', {
            name,
            url: script.url,
          });
          resolve({ name, status: 'failed' });
        });
        doc.head.appendChild(element);
      });
    }),
  );
}

/**
 * Keeps the page in line with the person's consent: the scripts now, then again after each change of
 * choice. `context` is read at each pass (the facts may have changed since). Returns the unsubscribe.
 */
export function followConsent(
  options: Omit<LoadScriptsOptions, 'context' | 'consent'> & {
    context: () => ConditionContext;
    consent: Pick<ConsentStore, 'granted' | 'subscribe'>;
  },
): () => void {
  const { context, ...rest } = options;
  const sync = () => void loadThirdPartyScripts({ ...rest, context: context() });
  sync();
  return options.consent.subscribe(sync);
}
