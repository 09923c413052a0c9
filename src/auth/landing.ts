import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import type { ConditionContext } from '../../kernel/conditions/evaluate.ts';
import { resolveLanding } from '../manifest/navigation.ts';
import { pathOf } from '../manifest/route-index.ts';

/**
 * Values the landing rules may need to fill a path: `entity.home` needs an entity, the single one or
 * else the one remembered from an earlier visit.
 */
export type LandingParams = { singleEntityId: number | null; rememberedEntityId?: number | null };

/**
 * The path the landing rules of the manifest lead to (SPEC 2 'Landing rules'), or null when no rule
 * holds or the route's parameters are unknown. A rule's own `params` win over what the session knows.
 */
export function landingPath(
  config: PortalConfig,
  context: ConditionContext,
  known: LandingParams,
): string | null {
  const rule = resolveLanding(config, context);
  if (rule === undefined) return null;
  const entityId = known.singleEntityId ?? known.rememberedEntityId ?? undefined;
  return pathOf(config, rule.to, { entityId, ...rule.params }) ?? null;
}

/** The path of a named route without parameters, or '/' when the manifest has no such route. */
export function routePath(
  config: PortalConfig,
  name: string,
  params: Readonly<Record<string, string | number | undefined>> = {},
): string {
  return pathOf(config, name, params) ?? '/';
}
