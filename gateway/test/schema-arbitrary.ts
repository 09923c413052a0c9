// fast-check arbitraries from the JSON schemas of the gateway's OpenAPI document: values a schema
// accepts (for valid calls) and values it refuses (for invalid ones). Only the keywords the contract
// uses are read; a schema using another one gives values that may not match it, which the caller checks
// with ajv before it counts a value as invalid.
import fc, { type Arbitrary } from 'fast-check';

export type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  maxProperties?: number;
  propertyNames?: Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};

/** Values to favour by property name: an entity id drawn among the personas' own and others', say. */
export type Hints = Readonly<Record<string, Arbitrary<unknown>>>;

const typesOf = (schema: Schema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/**
 * Small integers first: pages and ids that exist; the whole range now and then, which for a schema with
 * no bounds is every safe integer (what a database column may not hold).
 */
function integerOf(schema: Schema): Arbitrary<number> {
  const min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  const low = Math.max(min, Math.min(max, 0));
  return fc.oneof(
    { arbitrary: fc.integer({ min: low, max: Math.min(max, low + 2) }), weight: 3 },
    { arbitrary: fc.integer({ min: low, max: Math.min(max, low + 40) }), weight: 3 },
    // The bounds, where columns overflow.
    { arbitrary: fc.constantFrom(min, max), weight: 1 },
    { arbitrary: fc.integer({ min, max }), weight: 1 },
  );
}

function stringOf(schema: Schema): Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
  const fits = (value: string) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity);
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.pattern !== undefined)
    return fc.stringMatching(new RegExp(schema.pattern, 'u'), { size: 'xsmall' }).filter(fits);
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function objectOf(schema: Schema, hints: Hints): Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const own = validOf(property, hints);
      const hint = hints[name];
      // Mostly the hint's values, now and then any value of the schema (an id no entity has).
      return [name, hint ? fc.oneof({ arbitrary: hint, weight: 2 }, { arbitrary: own, weight: 1 }) : own];
    }),
  );
  const known = fc.record(shape, { requiredKeys: [...required].filter((name) => name in properties) });
  const extra = schema.additionalProperties;
  if (typeof extra !== 'object') return known;
  const names = schema.propertyNames
    ? stringOf(schema.propertyNames)
    : fc.string({ minLength: 1, maxLength: 10 });
  return fc
    .tuple(
      known,
      fc.dictionary(names, validOf(extra, hints), { maxKeys: Math.min(schema.maxProperties ?? 3, 3) }),
    )
    .map(([fixed, more]) => ({ ...more, ...fixed }));
}

/** Values the schema accepts (for the keywords the contract uses). */
export function validOf(schema: Schema, hints: Hints = {}): Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validOf(choice, hints)));
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validOf({ ...schema, type }, hints)));
  switch (types[0]) {
    case 'integer':
      return integerOf(schema);
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringOf(schema);
    case 'array':
      return fc.array(validOf(schema.items ?? {}, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, (schema.minItems ?? 0) + 4),
      });
    case 'object':
      return objectOf(schema, hints);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A value of none of the schema's types (or outside its bounds): what a property must refuse. */
function wrongOf(schema: Schema): Arbitrary<unknown> {
  const types = new Set(typesOf(schema));
  const wrong: Arbitrary<unknown>[] = [];
  if (!types.has('object')) wrong.push(fc.constant({ unexpected: true }));
  if (!types.has('array')) wrong.push(fc.constant([1, 'two']));
  if (!types.has('string')) wrong.push(fc.constantFrom('not-a-number', 'x'));
  if (schema.enum) wrong.push(fc.constant('zz-outside-the-enum'));
  if (schema.maxLength !== undefined) wrong.push(fc.constant('x'.repeat(schema.maxLength + 1)));
  if (schema.maximum !== undefined) wrong.push(fc.constant(schema.maximum + 1));
  if (schema.minimum !== undefined) wrong.push(fc.constant(schema.minimum - 1));
  if (schema.pattern !== undefined) wrong.push(fc.constant('\u0007 not the pattern'));
  return wrong.length > 0 ? fc.oneof(...wrong) : fc.constant({ unexpected: true });
}

/**
 * An object the schema refuses: a required property dropped, or one property given a wrong value;
 * a value of another type when the schema is not an object, or as well when `anyType` (a JSON body may
 * be any value; path and query parameters are always named values).
 */
export function invalidOf(schema: Schema, hints: Hints = {}, anyType = true): Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  if (!typesOf(schema).includes('object')) return wrongOf(schema);
  const valid = objectOf(schema, hints);
  const dropped = (schema.required ?? []).map((name) =>
    valid.map((value) => Object.fromEntries(Object.entries(value).filter(([key]) => key !== name))),
  );
  const spoiled = properties.map(([name, property]) =>
    fc.tuple(valid, wrongOf(property)).map(([value, bad]) => ({ ...value, [name]: bad })),
  );
  const others = anyType || properties.length === 0 ? [wrongOf({ type: 'object' })] : [];
  return fc.oneof(...dropped, ...spoiled, ...others);
}
