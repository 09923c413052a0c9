// The small parts the contract's schemas and routes share: scalar types, a closed object, a page and a
// list of items, the list queries' paging and sorting, and where an entity's id is. Each route file
// states only what is its own.

export const str = { type: 'string' } as const;
export const nullableStr = { type: ['string', 'null'] } as const;
export const int = { type: 'integer' } as const;
export const bool = { type: 'boolean' } as const;
export const dateTime = { type: 'string', format: 'date-time' } as const;
export const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;
export const strings = { type: 'array', items: str } as const;

/** An object with exactly these properties, of which the `required` ones must be present. */
export const closedObject = <const Required extends readonly string[], const Properties extends object>(
  required: Required,
  properties: Properties,
) => ({ type: 'object', additionalProperties: false, required, properties }) as const;

/** One page of a list: its items and where it stands. */
export const pageOf = <T extends object>(items: T) =>
  closedObject(['items', 'currentPage', 'totalPage', 'totalItems'], {
    items: { type: 'array', items },
    currentPage: int,
    totalPage: int,
    totalItems: int,
  });

/** A whole list. */
export const listOf = <T extends object>(items: T) =>
  closedObject(['items'], { items: { type: 'array', items } });

/** The paging and searching of a list query. */
export const page = { type: 'integer', minimum: 1, maximum: 100000, default: 1 } as const;
export const pageSize = { type: 'integer', minimum: 1, maximum: 100, default: 20 } as const;
export const search = { type: 'string', maxLength: 100, default: '' } as const;
export const order = { type: 'string', enum: ['asc', 'desc'], default: 'asc' } as const;

/** The query of a list read by pages: the page and its size, then the list's own search, filters and sort. */
export const pagedQuery = <const Properties extends object>(properties: Properties) =>
  ({ type: 'object', properties: { page, pageSize, ...properties } }) as const;

/** The target entity is the `:id` of the path (RouteDefinition `entityId`). */
export const entityInParams = { in: 'params', name: 'id' } as const;
