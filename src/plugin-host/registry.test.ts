import { describe, expect, it } from 'vitest';
import { definePage, definePlugin, defineWidget } from './plugin-definition.ts';
import type { WidgetDefinition } from './plugin-definition.ts';
import { createPluginRegistry } from './registry.ts';

const Empty = () => null;
const load = async () => ({ default: Empty });
const widget = (name: string, extra: Partial<Omit<WidgetDefinition, 'component' | 'options'>> = {}) =>
  defineWidget({ name, title: `${name}.title`, sizes: [2], component: load, ...extra });

describe('plugin registry', () => {
  it('finds pages and widgets by "<plugin>/<name>"', () => {
    const registry = createPluginRegistry([
      definePlugin({
        id: 'news',
        widgets: [widget('rss')],
        pages: [definePage({ name: 'list', component: load })],
      }),
    ]);
    expect(registry.widget('news/rss')?.definition.title).toBe('rss.title');
    expect(registry.widget('news/rss')).toMatchObject({ pluginId: 'news', name: 'rss' });
    expect(registry.page('news/list')).toBeDefined();
    expect(registry.widget('news/other')).toBeUndefined();
    expect([...registry.known.widgets.keys()]).toEqual(['news/rss']);
  });

  it.each<[string, unknown[], string]>([
    [
      'a duplicate id',
      [definePlugin({ id: 'news' }), definePlugin({ id: 'news' })],
      'Duplicate plugin id "news"',
    ],
    ['no object', [undefined], 'Plugin #0 is not a plugin object'],
    ['no kebab-case id', [{ id: 'News' }], 'Plugin #0 has no kebab-case id'],
    ['an unknown key', [{ id: 'news', widget: [] }], 'Plugin "news": unknown key "widget"'],
    [
      'a widget without a loader',
      [{ id: 'news', widgets: [{ name: 'rss', title: 't', sizes: [2] }] }],
      'Plugin "news": every entry of "widgets" needs a name and a component loader',
    ],
    [
      'a widget without a title',
      [{ id: 'news', widgets: [{ name: 'rss', sizes: [2], component: load }] }],
      'Plugin "news": widget "rss" needs a title key',
    ],
    [
      'a size outside 1..4',
      [definePlugin({ id: 'news', widgets: [widget('rss', { sizes: [5 as 4] })] })],
      'Plugin "news": widget "rss" has size 5',
    ],
    [
      'no size',
      [definePlugin({ id: 'news', widgets: [widget('rss', { sizes: [] })] })],
      'Plugin "news": widget "rss" has no sizes',
    ],
    [
      'a bad height',
      [definePlugin({ id: 'news', widgets: [widget('rss', { height: 0 })] })],
      'Plugin "news": widget "rss" height',
    ],
    [
      'a duplicate widget',
      [definePlugin({ id: 'news', widgets: [widget('rss'), widget('rss')] })],
      'Plugin "news": duplicate widget "rss"',
    ],
    [
      'translations without loaders',
      [{ id: 'news', locales: { en: 'en.json' } }],
      'Plugin "news": the "en" translations need a loader',
    ],
  ])('fails at start on %s, naming the plugin', (_name, list, message) => {
    expect(() => createPluginRegistry(list)).toThrow(message);
  });
});
