import type { FromSchema } from 'json-schema-to-ts';
import type { conditionLeafSchemas } from './condition.schema.ts';
import type { portalConfigSchema } from './portal-config.schema.ts';

type ConditionLeaf = FromSchema<(typeof conditionLeafSchemas)[number]>;

/*
 * json-schema-to-ts cannot follow the recursive `$ref` of the condition language, so the three
 * combinators are spelled here over the leaves above (which do come from the schema).
 */
export type Condition = ConditionLeaf | { all: Condition[] } | { any: Condition[] } | { not: Condition };

// For typing only, `#/$defs/condition` resolves to a marker constant, which is then swapped for Condition.
type ConditionMarker = '__condition__';
type Defs = (typeof portalConfigSchema)['$defs'];
type TypingSchema = Omit<typeof portalConfigSchema, '$defs'> & {
  readonly $defs: Omit<Defs, 'condition'> & { readonly condition: { readonly const: ConditionMarker } };
};
type WithConditions<T> = T extends ConditionMarker
  ? Condition
  : T extends readonly (infer U)[]
    ? WithConditions<U>[]
    : T extends object
      ? { [K in keyof T]: WithConditions<T[K]> }
      : T;

export type PortalConfig = WithConditions<FromSchema<TypingSchema>>;

export type RouteConfig = PortalConfig['routes'][number];
/** A route at any depth: nested routes have the same shape, with an optional path. */
export type AnyRouteConfig = Omit<RouteConfig, 'path' | 'children'> & {
  path?: string;
  children?: readonly AnyRouteConfig[];
};
export type RouteMeta = NonNullable<RouteConfig['meta']>;
export type RedirectRule = PortalConfig['landing'][number];
export type TabConfig = PortalConfig['overviewTabs'][number];
/** How people reach the firm's support (`branding.support`). */
export type SupportDetails = NonNullable<NonNullable<PortalConfig['branding']>['support']>;
