import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import type { ConditionContext } from '../../kernel/conditions/evaluate.ts';
import { evaluateCondition } from '../../kernel/conditions/evaluate.ts';
import { CONSENT_CATEGORIES } from './consent.ts';
import type { ChoosableCategory } from './consent.ts';

/**
 * The categories the consent banner asks about: those of the scripts this build enables, and analytics
 * when events go to a collector (none: no banner at all).
 */
export function askedConsentCategories(
  config: Pick<PortalConfig, 'thirdPartyScripts'>,
  analyticsCollected: boolean,
  context: ConditionContext,
): readonly ChoosableCategory[] {
  return CONSENT_CATEGORIES.filter(
    (category) =>
      (category === 'analytics' && analyticsCollected) ||
      config.thirdPartyScripts.some(
        (script) => script.consent === category && evaluateCondition(script.when, context).result,
      ),
  );
}
