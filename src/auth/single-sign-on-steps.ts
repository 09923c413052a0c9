// The session's steps with the customers' single sign-on: the adapter is built from the manifest when first
// needed, its library loaded on that first use only.
import type { Logger } from '../logging/logger.ts';
import type { SingleSignOn } from './single-sign-on.ts';
import type { SingleSignOnSettings } from './single-sign-on-settings.ts';

export type LoadSingleSignOn = (settings: SingleSignOnSettings) => Promise<SingleSignOn>;

const importSingleSignOn: LoadSingleSignOn = async (settings) => {
  const { createSingleSignOn } = await import('./single-sign-on.ts');
  return createSingleSignOn(settings);
};

/**
 * The adapter, built once when first asked for (a failed load is tried again next time); null when the
 * manifest configures none: then, with the flag on, a sign-out says once that it cannot sign out of it.
 */
export function lazySingleSignOn(
  settings: SingleSignOnSettings | null,
  logger: Logger,
  load: LoadSingleSignOn = importSingleSignOn,
): () => Promise<SingleSignOn | null> {
  let adapter: Promise<SingleSignOn> | null = null;
  let warned = false;
  return async () => {
    if (settings === null) {
      if (!warned) {
        warned = true;
        logger.warn('Single sign-on is on but no single sign-on adapter is configured: not signed out of it');
      }
      return null;
    }
    adapter ??= load(settings).catch((error: unknown) => {
      adapter = null;
      throw error;
    });
    return adapter;
  };
}
