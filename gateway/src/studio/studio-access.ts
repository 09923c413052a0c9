// The studio rule at the gateway: the published manifest's `studio.editors` condition, evaluated with the
// portal's own evaluator on what the gateway knows of the caller (user kind, global codes, the
// product-owner mark). No entity is selected here, so entity facts and codes are false.
import { factNames } from '../../../schemas/facts.ts';
import type { FactName } from '../../../schemas/facts.ts';
import type { PortalConfig } from '../../../schemas/portal-config.ts';
import { isConditionMet } from '../../../src/conditions/evaluate.ts';
import type { SessionClaims } from '../../contract/api.ts';
import { currentUser, parseCodes, type Deps } from '../routes/deps.ts';
import type { StudioStore } from './studio-store.ts';

export function parseObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** False when nothing is published or the manifest has no studio rule: then nobody may write. */
export function studioRuleHolds(deps: Deps, studio: StudioStore, session: SessionClaims): boolean {
  const published = studio.q.published.get();
  const config = (published ? parseObject(published.manifest) : {}) as Partial<PortalConfig>;
  const rule = config.studio?.editors;
  if (rule === undefined) return false;
  const user = currentUser(deps, session);
  const isCustomer = user.is_customer === 1;
  const facts = Object.fromEntries(factNames.map((name) => [name, false])) as Record<FactName, boolean>;
  facts['user.isAuthenticated'] = true;
  facts['user.isCustomer'] = isCustomer;
  facts['user.isCollab'] = !isCustomer;
  facts['user.isStudioEditor'] = deps.isStudioEditor(user.id);
  return isConditionMet(rule, {
    facts,
    flags: {},
    permissions: {
      global: new Set(deps.catalogue.expand(parseCodes(user.global_permissions))),
      entity: new Set(),
    },
    offers: new Set(),
    conditions: config.conditions ?? {},
  });
}
