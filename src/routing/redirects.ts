import type { PortalConfig, RedirectRule } from '../../kernel/schemas/portal-config.ts';
import type { ConditionContext } from '../../kernel/conditions/evaluate.ts';
import type { Logger } from '../logging/logger.ts';
import { resolveLanding } from '../manifest/navigation.ts';
import type { RouteParams } from './route-paths.ts';
import { pathTo, routeNeedsParam } from './route-paths.ts';

/** `to: "landing"` in a redirect rule means: apply the manifest's landing rules. */
const LANDING = 'landing';

/** The parameter every entity-area route carries (SPEC 2 `/dossier/:entityId`). */
export const ENTITY_PARAM = 'entityId';

export type RedirectTarget =
  | { kind: 'path'; path: string }
  /** The target needs an entity and none is known yet: load the user's first entity. */
  | { kind: 'needs-entity'; rule: RedirectRule }
  | { kind: 'none' };

/**
 * Where a redirect rule leads, with the current route's parameters, the rule's own, and the selected
 * entity when the target is in the entity area and the current URL names none.
 */
export function redirectTarget(
  config: PortalConfig,
  logger: Pick<Logger, 'error'>,
  rule: RedirectRule | undefined,
  context: ConditionContext,
  here: { params: RouteParams; search: string; selectedEntityId: number | null; fallbackEntityId?: number },
): RedirectTarget {
  const resolved = rule?.to === LANDING ? resolveLanding(config, context) : rule;
  if (resolved === undefined) return { kind: 'none' };
  const entityId = here.params[ENTITY_PARAM] ?? here.selectedEntityId ?? here.fallbackEntityId;
  if (entityId === undefined && routeNeedsParam(config, resolved.to, ENTITY_PARAM)) {
    return { kind: 'needs-entity', rule: resolved };
  }
  const params = { ...here.params, [ENTITY_PARAM]: entityId ?? undefined, ...resolved.params };
  const path = pathTo(config, logger, resolved.to, params);
  const keepQuery = rule?.keepQuery === true || resolved.keepQuery === true;
  return { kind: 'path', path: keepQuery ? path + here.search : path };
}
