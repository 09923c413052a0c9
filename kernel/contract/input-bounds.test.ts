import { describe, expect, it } from 'vitest';
import { routes } from './api.ts';
import type { RouteDefinition } from './route-definition.ts';

const INT32 = { min: -2147483648, max: 2147483647 };

/** Paths (route.part.property…) of the integers of a schema whose bounds a 32-bit column cannot hold. */
function unbounded(schema: unknown, at: string): string[] {
  if (Array.isArray(schema))
    return schema.flatMap((item, index) => unbounded(item, `${at}.${String(index)}`));
  if (typeof schema !== 'object' || schema === null) return [];
  const record = schema as Record<string, unknown>;
  const types = Array.isArray(record['type']) ? (record['type'] as unknown[]) : [record['type']];
  const own =
    types.includes('integer') &&
    !(
      typeof record['minimum'] === 'number' &&
      record['minimum'] >= INT32.min &&
      typeof record['maximum'] === 'number' &&
      record['maximum'] <= INT32.max
    )
      ? [at]
      : [];
  return [
    ...own,
    ...Object.entries(record).flatMap(([key, value]) =>
      typeof value === 'object' ? unbounded(value, key === 'properties' ? at : `${at}.${key}`) : [],
    ),
  ];
}

describe('the integers a caller sends', () => {
  it('are bounded to what a 32-bit column holds (PostgreSQL fails on a larger one with a 500)', () => {
    // The test tools (admin routes) keep their rules in memory and are not for callers.
    const found = (Object.entries(routes) as [string, RouteDefinition][])
      .filter(([, route]) => route.auth !== 'admin')
      .flatMap(([id, route]) =>
        (['params', 'query', 'body', 'form'] as const).flatMap((part) =>
          unbounded(route[part], `${id}.${part}`),
        ),
      );
    expect(found).toEqual([]);
  });
});
