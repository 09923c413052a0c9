import type { FromSchema } from 'json-schema-to-ts';
import type {
  conditionLeafSchemas,
  factLeafSchema,
  flagLeafSchema,
  offerLeafSchema,
  permissionLeafSchema,
  queryLeafSchema,
  refLeafSchema,
} from './condition.schema.ts';
import type { portalConfigSchema } from './portal-config.schema.ts';

export type PermissionLeaf = FromSchema<typeof permissionLeafSchema>;
export type FlagLeaf = FromSchema<typeof flagLeafSchema>;
export type FactLeaf = FromSchema<typeof factLeafSchema>;
export type OfferLeaf = FromSchema<typeof offerLeafSchema>;
export type QueryLeaf = FromSchema<typeof queryLeafSchema>;
export type RefLeaf = FromSchema<typeof refLeafSchema>;
export type ConditionLeaf = FromSchema<(typeof conditionLeafSchemas)[number]>;

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
export type SidebarItemConfig = PortalConfig['sidebar'][number];
export type TabConfig = PortalConfig['overviewTabs'][number];
export type WidgetSetConfig = PortalConfig['homeWidgets']['sets'][number];
export type WidgetPlacementConfig = WidgetSetConfig['widgets'][number];
