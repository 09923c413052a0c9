// The object shape most of the manifest schema is made of: named properties, some required, no others.

/** An object of exactly these properties, of which the `required` ones must be present. */
export const closedShape = <const Required extends readonly string[], const Properties extends object>(
  required: Required,
  properties: Properties,
) => ({ type: 'object', properties, required, additionalProperties: false }) as const;
