// The generated catalogue and options checks are the plugins' declarations of this checkout: a plugin
// whose pages, sizes or options schema changed without `npm run generate:schema` fails here, before the
// gateway or the studio check a publication against stale ones.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPluginRegistry } from '../src/plugin-host/registry.ts';
import { pluginCatalogue, widgetOptionsValidatorSource } from './plugin-catalogue.ts';
import { loadPlugins } from './plugins-node.ts';

const generated = join(import.meta.dirname, '../kernel/schemas/generated');

describe('kernel/schemas/generated: the plugins as data', () => {
  it('holds the plugins of this checkout and their precompiled options checks', async () => {
    const catalogue = pluginCatalogue(createPluginRegistry(await loadPlugins()).known);
    expect(JSON.parse(readFileSync(join(generated, 'plugin-catalogue.json'), 'utf8'))).toEqual(catalogue);
    expect(readFileSync(join(generated, 'validate-widget-options.js'), 'utf8')).toBe(
      widgetOptionsValidatorSource(catalogue),
    );
  });

  it('refuses an options schema the browser could not check (a format)', () => {
    expect(() =>
      widgetOptionsValidatorSource({
        $comment: '',
        pages: [],
        widgets: { 'x/y': { sizes: [2], options: { type: 'string', format: 'uri' } } },
      }),
    ).toThrow(/Widget "x\/y"/);
  });
});
