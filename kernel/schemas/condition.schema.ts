import { factNames } from './facts.ts';
import { closedShape } from './closed-shape.ts';

/** Where a permission is looked up: the user's global codes, the selected entity's, or either. */
const permissionScopeSchema = {
  type: 'string',
  enum: ['global', 'entity', 'either'],
} as const;

const permissionCodeSchema = {
  type: 'string',
  pattern: '^(CO|CL)[A-Z0-9]{3,10}$',
} as const;

const permissionLeafSchema = closedShape(['permission'], {
  permission: { type: 'array', items: permissionCodeSchema, minItems: 1 },
  scope: permissionScopeSchema,
});

const flagLeafSchema = closedShape(['flag'], { flag: { type: 'string', minLength: 1 } });

const factLeafSchema = closedShape(['fact'], { fact: { type: 'string', enum: factNames } });

const offerLeafSchema = closedShape(['offer'], { offer: { type: 'string', minLength: 1 } });

/** A query-string parameter of the current URL equals a value (used by redirect rules). */
const queryLeafSchema = closedShape(['query', 'equals'], {
  query: { type: 'string', minLength: 1 },
  equals: { type: 'string' },
});

/** A reference to a named condition of the manifest's `conditions` map, so one rule is written once. */
const refLeafSchema = closedShape(['ref'], { ref: { type: 'string', minLength: 1 } });

export const conditionLeafSchemas = [
  { type: 'boolean' },
  permissionLeafSchema,
  flagLeafSchema,
  factLeafSchema,
  offerLeafSchema,
  queryLeafSchema,
  refLeafSchema,
] as const;

/**
 * The condition language. Recursive through `all`, `any` and `not`; `$ref: '#/$defs/condition'`
 * resolves inside the manifest schema, which carries this under `$defs.condition`.
 */
export const conditionSchema = {
  oneOf: [
    ...conditionLeafSchemas,
    closedShape(['all'], { all: { type: 'array', items: { $ref: '#/$defs/condition' } } }),
    closedShape(['any'], { any: { type: 'array', items: { $ref: '#/$defs/condition' }, minItems: 1 } }),
    closedShape(['not'], { not: { $ref: '#/$defs/condition' } }),
  ],
} as const;
