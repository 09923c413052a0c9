import type { FactName } from '../schemas/facts.ts';
import type { PortalConfig } from '../schemas/portal-config.ts';
import type { ConditionContext } from './evaluate.ts';

/** What the engine knows about the session; the facts of the condition language are derived from it. */
export type SessionSnapshot = {
  isAuthenticated: boolean;
  user?: {
    isCustomer: boolean;
    hasAcceptedTerms: boolean;
    /** How many entities the user is attached to (the landing rule needs "exactly one"). */
    entityCount: number;
    /** The entity of an earlier visit is known and still the user's. */
    hasRememberedEntity?: boolean;
    /** Marked by the gateway as a product owner (the fact the manifest's studio rule names). */
    isStudioEditor?: boolean;
  };
  entity?: {
    isSignatory: boolean;
    isClarityVisible: boolean;
    subscriptions: readonly { offerCode: string; status: string }[];
    /** totalItems of the entity's BI reports. */
    reportsCount: number;
  };
  permissions: { global: readonly string[]; entity: readonly string[] };
  flags: Readonly<Record<string, boolean>>;
  query?: Readonly<Record<string, string>>;
};

/** Facts are plain observations; which of them matter where is decided by the manifest. */
function deriveFacts(session: SessionSnapshot): Record<FactName, boolean> {
  const user = session.user;
  const entity = session.entity;
  return {
    'user.isAuthenticated': session.isAuthenticated,
    // SPEC 1: a user is a collaborator exactly when not a customer.
    'user.isCollab': user !== undefined && !user.isCustomer,
    'user.isCustomer': user?.isCustomer === true,
    'user.hasSingleEntity': user?.entityCount === 1,
    'user.hasRememberedEntity': user?.hasRememberedEntity === true,
    'user.hasAcceptedTerms': user?.hasAcceptedTerms === true,
    'user.isStudioEditor': user?.isStudioEditor === true,
    'entity.isSelected': entity !== undefined,
    'entity.isSignatory': entity?.isSignatory === true,
    'entity.isClarityVisible': entity?.isClarityVisible === true,
    'entity.hasReports': (entity?.reportsCount ?? 0) > 0,
  };
}

export function buildConditionContext(config: PortalConfig, session: SessionSnapshot): ConditionContext {
  const activeOffers = (session.entity?.subscriptions ?? [])
    .filter((s) => s.status === config.offers.activeStatus)
    .map((s) => s.offerCode);
  return {
    facts: deriveFacts(session),
    flags: session.flags,
    permissions: { global: new Set(session.permissions.global), entity: new Set(session.permissions.entity) },
    offers: new Set(activeOffers),
    conditions: config.conditions,
    ...(session.query === undefined ? {} : { query: session.query }),
  };
}
