import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from './api.ts';
import { buildOpenApi } from './openapi-document.ts';

describe('openapi.json', () => {
  it('is up to date with the route table (run npx tsx gateway/scripts/openapi.ts)', () => {
    const written: unknown = JSON.parse(readFileSync(join(import.meta.dirname, 'openapi.json'), 'utf8'));
    expect(written).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
  });

  it('documents every route once', () => {
    const document = buildOpenApi();
    const operations = Object.values(document.paths).flatMap((path) => Object.keys(path));
    expect(operations).toHaveLength(Object.keys(routes).length);
  });
});
