import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { plugins } from '../../src/app/plugins.ts';
import { createPluginRegistry } from '../../src/plugin-host/registry.ts';
import type { PluginRegistry } from '../../src/plugin-host/registry.ts';
import { indexRoutes } from '../../src/manifest/route-index.ts';
import { loadRealManifest } from '../../src/testing/manifest.ts';

/*
 * The manifest and the plugin list agree: every page and widget the manifest names is provided by a
 * listed plugin, at a size that widget declares.
 */

function contractProblems(config: PortalConfig, registry: PluginRegistry): string[] {
  const problems: string[] = [];
  for (const [name, indexed] of indexRoutes(config)) {
    const page = indexed.route.page;
    if (page !== undefined && registry.page(page) === undefined)
      problems.push(`route ${name}: no plugin provides the page ${page}`);
  }
  for (const set of config.homeWidgets.sets) {
    for (const placement of set.widgets) {
      const widget = registry.widget(placement.widget)?.definition;
      if (widget === undefined) {
        problems.push(`widget set ${set.id}: no plugin provides the widget ${placement.widget}`);
      } else if (!widget.sizes.includes(placement.size)) {
        problems.push(
          `widget set ${set.id}: ${placement.widget} at size ${placement.size}, but it offers ${widget.sizes.join(', ')}`,
        );
      }
    }
  }
  return problems;
}

describe('manifest ↔ plugins contract', () => {
  const registry = createPluginRegistry(plugins);

  it('every page and widget the manifest names exists, at a size it offers', () => {
    expect(contractProblems(loadRealManifest(), registry)).toEqual([]);
  });

  it('fails when the manifest names a widget no plugin provides', () => {
    const config = loadRealManifest();
    config.homeWidgets.sets[0]?.widgets.push({ widget: 'weather/forecast', size: 2 });
    expect(contractProblems(config, registry)).toEqual([
      `widget set ${config.homeWidgets.sets[0]?.id}: no plugin provides the widget weather/forecast`,
    ]);
  });

  it('fails when a widget is placed at a size it does not offer', () => {
    const config = loadRealManifest();
    const set = config.homeWidgets.sets.find((s) => s.widgets.some((w) => w.widget === 'smart-offer/intro'));
    const placement = set?.widgets.find((w) => w.widget === 'smart-offer/intro');
    if (set === undefined || placement === undefined)
      throw new Error('the manifest places smart-offer/intro');
    placement.size = 1;
    expect(contractProblems(config, registry)).toEqual([
      `widget set ${set.id}: smart-offer/intro at size 1, but it offers 2, 3, 4`,
    ]);
  });

  it('fails when a route mounts a page no plugin provides', () => {
    const config = loadRealManifest();
    const home = config.routes.flatMap((r) => r.children ?? []).find((r) => r.name === 'entity.home');
    if (home === undefined) throw new Error('the manifest has entity.home');
    home.page = 'entity-home/missing';
    expect(contractProblems(config, registry)).toEqual([
      'route entity.home: no plugin provides the page entity-home/missing',
    ]);
  });

  it('every widget of every listed plugin has its title in both languages', () => {
    const missing: string[] = [];
    for (const plugin of registry.plugins) {
      for (const widget of plugin.widgets ?? []) {
        for (const language of ['fr-FR', 'en']) {
          const file = join(import.meta.dirname, '../../locales', language, `${plugin.id}.json`);
          const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
          const value = widget.title
            .split('.')
            .reduce<unknown>(
              (node, key) =>
                node !== null && typeof node === 'object'
                  ? (node as Record<string, unknown>)[key]
                  : undefined,
              json,
            );
          if (typeof value !== 'string') missing.push(`${language}/${plugin.id}.json: ${widget.title}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
