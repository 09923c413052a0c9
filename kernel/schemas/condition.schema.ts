import { factNames } from './facts.ts';

/** Where a permission is looked up: the user's global codes, the selected entity's, or either. */
const permissionScopeSchema = {
  type: 'string',
  enum: ['global', 'entity', 'either'],
} as const;

const permissionCodeSchema = {
  type: 'string',
  pattern: '^(CO|CL)[A-Z0-9]{3,10}$',
} as const;

const permissionLeafSchema = {
  type: 'object',
  properties: {
    permission: { type: 'array', items: permissionCodeSchema, minItems: 1 },
    scope: permissionScopeSchema,
  },
  required: ['permission'],
  additionalProperties: false,
} as const;

const flagLeafSchema = {
  type: 'object',
  properties: { flag: { type: 'string', minLength: 1 } },
  required: ['flag'],
  additionalProperties: false,
} as const;

const factLeafSchema = {
  type: 'object',
  properties: { fact: { type: 'string', enum: factNames } },
  required: ['fact'],
  additionalProperties: false,
} as const;

const offerLeafSchema = {
  type: 'object',
  properties: { offer: { type: 'string', minLength: 1 } },
  required: ['offer'],
  additionalProperties: false,
} as const;

/** A query-string parameter of the current URL equals a value (used by redirect rules). */
const queryLeafSchema = {
  type: 'object',
  properties: { query: { type: 'string', minLength: 1 }, equals: { type: 'string' } },
  required: ['query', 'equals'],
  additionalProperties: false,
} as const;

/** A reference to a named condition of the manifest's `conditions` map, so one rule is written once. */
const refLeafSchema = {
  type: 'object',
  properties: { ref: { type: 'string', minLength: 1 } },
  required: ['ref'],
  additionalProperties: false,
} as const;

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
    {
      type: 'object',
      properties: { all: { type: 'array', items: { $ref: '#/$defs/condition' } } },
      required: ['all'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { any: { type: 'array', items: { $ref: '#/$defs/condition' }, minItems: 1 } },
      required: ['any'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { not: { $ref: '#/$defs/condition' } },
      required: ['not'],
      additionalProperties: false,
    },
  ],
} as const;
