import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { askedConsentCategories } from '../analytics/consent-categories.ts';
import { createConsentStore } from '../analytics/consent.ts';
import { buildConditionContext } from '../../kernel/conditions/context.ts';
import { logger } from '../logging/logger.ts';
import type { FeatureFlags } from '../manifest/flags.ts';

/**
 * What the consent tool has to do on the login page: the same categories and scripts as the portal's.
 * The build's prerender asks it too (no storage there: the banner of a first visit).
 */
export function signInConsent(
  config: PortalConfig,
  flags: FeatureFlags,
  analyticsCollector: boolean,
  storage: Storage | null,
) {
  const context = buildConditionContext(config, {
    isAuthenticated: false,
    permissions: { global: [], entity: [] },
    flags,
  });
  return {
    store: createConsentStore(storage, logger),
    categories: askedConsentCategories(config, flags['analytics'] === true && analyticsCollector, context),
    context,
  };
}
