// The contract's access fields (entityId, requiresAnyOf, collaboratorsOnly, globalRequiresAnyOf,
// collaboratorsRequireAnyOf, customersRequireAnyOf, requiresActiveOffer, requiresAnyOfByQuery) checked in one place for every route, before the input
// is read (the body's entity id once parsed, before it is validated): a caller who may not use a route
// learns nothing from its validation errors. An entity id that is not a number names no entity: nothing
// is checked here and validation answers 400, to members and strangers alike.
import type { SessionClaims } from '../../../kernel/contract/api.ts';
import type { RouteDefinition } from '../../../kernel/contract/route-definition.ts';
import { forbidden } from '../http/http-error.ts';
import { currentUser, entityPermissions, parseCodes, requireMembership, type Deps } from '../kernel/deps.ts';

const DIGITS = /^[1-9]\d{0,9}$/;
/**
 * The contract's largest id (a 32-bit integer column): a larger one is refused by validation, and never
 * reaches a query, where PostgreSQL would fail on it (out of range for type integer) with a 500.
 */
const MAX_ID = 2147483647;

/** The id as sent (a path or query string, or a JSON number), or undefined when validation will refuse it. */
function idOf(value: unknown): number | undefined {
  const id =
    typeof value === 'number' ? value : typeof value === 'string' && DIGITS.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : undefined;
}

function field(source: unknown, name: string): unknown {
  return typeof source === 'object' && source !== null
    ? (source as Record<string, unknown>)[name]
    : undefined;
}

export type RawInput = { params: unknown; query: unknown; body: unknown };

export function createAccessCheck(deps: Deps) {
  return async (
    definition: RouteDefinition,
    session: SessionClaims | null,
    input: RawInput,
  ): Promise<void> => {
    if (session === null || definition.auth !== 'bearer') return;
    if (definition.studioEditors === true && !(await deps.studioAllows(session))) throw forbidden();
    const needsUser =
      definition.collaboratorsOnly === true ||
      definition.globalRequiresAnyOf !== undefined ||
      (definition.entityId !== undefined && definition.entityId !== 'handler');
    if (!needsUser) return;
    const user = await currentUser(deps, session);
    if (definition.collaboratorsOnly === true && user.is_customer === 1) throw forbidden();
    if (definition.globalRequiresAnyOf !== undefined) {
      const global = new Set(deps.catalogue.expand(parseCodes(user.global_permissions)));
      if (!definition.globalRequiresAnyOf.some((code) => global.has(code))) throw forbidden();
    }
    const locator = definition.entityId;
    if (locator === undefined || locator === 'handler') return;
    const raw = field(input[locator.in], locator.name);
    // Absent (an optional filter) or malformed (validation answers 400/422): nothing to check here.
    if (raw === undefined) return;
    const accountId = idOf(raw);
    if (accountId === undefined) return;
    const membership = await requireMembership(deps, user.id, accountId);
    const held = new Set(entityPermissions(deps, membership));
    if (definition.requiresAnyOf !== undefined && !definition.requiresAnyOf.some((code) => held.has(code)))
      throw forbidden();
    const forCollaborators = definition.collaboratorsRequireAnyOf;
    if (
      forCollaborators !== undefined &&
      user.is_customer === 0 &&
      !forCollaborators.some((code) => held.has(code))
    )
      throw forbidden();
    const forCustomers = definition.customersRequireAnyOf;
    if (forCustomers !== undefined && user.is_customer === 1 && !forCustomers.some((code) => held.has(code)))
      throw forbidden();
    const offer = definition.requiresActiveOffer;
    if (
      offer !== undefined &&
      !(await deps.store.entities.subscriptions(accountId)).some(
        (subscription) => subscription.offer_code === offer && subscription.status === 'validated',
      )
    )
      throw forbidden();
    const byQuery = definition.requiresAnyOfByQuery;
    if (byQuery !== undefined) {
      // A required parameter has no default: when absent, validation answers 400.
      const value = field(input.query, byQuery.name) ?? byQuery.default;
      const codes = typeof value === 'string' ? byQuery.values[value] : undefined;
      if (codes !== undefined && !codes.some((code) => held.has(code))) throw forbidden();
    }
  };
}

/** The item values (report kinds) the caller may see, for a filter in SQL. */
export function visibleValues(definition: RouteDefinition, held: ReadonlySet<string>): string[] {
  const rule = definition.itemsRequireAnyOf;
  if (rule === undefined) return [];
  return Object.entries(rule.values)
    .filter(([, codes]) => codes.some((code) => held.has(code)))
    .map(([value]) => value);
}
