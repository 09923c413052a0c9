import type { KnownPlugins, KnownWidget } from '../../kernel/manifest/lint.ts';
import { WIDGET_SIZES } from './plugin-definition.ts';
import type { PageDefinition, PluginDefinition, WidgetDefinition } from './plugin-definition.ts';

const kebab = /^[a-z][a-z0-9-]*$/;

class PluginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PluginError';
  }
}

/** A widget of the manifest (`"<plugin-id>/<name>"`), its reference parsed once, here. */
type ResolvedWidget = {
  /** The reference as the manifest writes it. */
  ref: string;
  pluginId: string;
  name: string;
  definition: WidgetDefinition;
};

export type PluginRegistry = {
  plugins: readonly PluginDefinition[];
  page(ref: string): PageDefinition | undefined;
  /** The widget a manifest reference names, with its plugin; undefined when no plugin provides it. */
  widget(ref: string): ResolvedWidget | undefined;
  known: KnownPlugins;
};

/** Checks the explicit plugin list once at start; a bad plugin fails loudly, naming it. */
export function createPluginRegistry(plugins: readonly unknown[]): PluginRegistry {
  const pages = new Map<string, PageDefinition>();
  const widgets = new Map<string, ResolvedWidget>();
  const ids = new Set<string>();
  const checked: PluginDefinition[] = [];
  plugins.forEach((candidate, index) => {
    const plugin = assertPluginShape(candidate, index);
    if (ids.has(plugin.id)) throw new PluginError(`Duplicate plugin id "${plugin.id}"`);
    ids.add(plugin.id);
    for (const page of plugin.pages ?? []) {
      if (!kebab.test(page.name))
        throw new PluginError(`Plugin "${plugin.id}": page name "${page.name}" must be kebab-case`);
      const ref = `${plugin.id}/${page.name}`;
      if (pages.has(ref)) throw new PluginError(`Plugin "${plugin.id}": duplicate page "${page.name}"`);
      pages.set(ref, page);
    }
    for (const widget of plugin.widgets ?? []) {
      if (!kebab.test(widget.name))
        throw new PluginError(`Plugin "${plugin.id}": widget name "${widget.name}" must be kebab-case`);
      if (widget.sizes.length === 0)
        throw new PluginError(`Plugin "${plugin.id}": widget "${widget.name}" has no sizes`);
      const badSize = widget.sizes.find((size) => !WIDGET_SIZES.includes(size));
      if (badSize !== undefined)
        throw new PluginError(
          `Plugin "${plugin.id}": widget "${widget.name}" has size ${JSON.stringify(badSize)}; sizes are 1, 2, 3 or 4`,
        );
      if (widget.height !== undefined && !(Number.isInteger(widget.height) && widget.height >= 1))
        throw new PluginError(
          `Plugin "${plugin.id}": widget "${widget.name}" height must be a whole number of rows`,
        );
      const ref = `${plugin.id}/${widget.name}`;
      if (widgets.has(ref)) throw new PluginError(`Plugin "${plugin.id}": duplicate widget "${widget.name}"`);
      widgets.set(ref, { ref, pluginId: plugin.id, name: widget.name, definition: widget });
    }
    checked.push(plugin);
  });
  return {
    plugins: checked,
    page: (ref) => pages.get(ref),
    widget: (ref) => widgets.get(ref),
    known: {
      pages: new Set(pages.keys()),
      widgets: new Map(
        [...widgets].map(([ref, { definition }]): [string, KnownWidget] => [
          ref,
          definition.options === undefined
            ? { sizes: definition.sizes }
            : { sizes: definition.sizes, options: definition.options },
        ]),
      ),
    },
  };
}

const pluginKeys = new Set(['id', 'pages', 'widgets', 'locales']);

function assertPluginShape(candidate: unknown, index: number): PluginDefinition {
  if (candidate === null || typeof candidate !== 'object') {
    throw new PluginError(`Plugin #${String(index)} is not a plugin object (did you forget definePlugin?)`);
  }
  const record = candidate as Record<string, unknown>;
  const id = record.id;
  if (typeof id !== 'string' || !kebab.test(id)) {
    throw new PluginError(`Plugin #${String(index)} has no kebab-case id (got ${JSON.stringify(id)})`);
  }
  const unknownKey = Object.keys(record).find((key) => !pluginKeys.has(key));
  if (unknownKey !== undefined)
    throw new PluginError(
      `Plugin "${id}": unknown key "${unknownKey}" (expected ${[...pluginKeys].join(', ')})`,
    );
  const locales = record.locales;
  if (locales !== undefined) {
    if (locales === null || typeof locales !== 'object' || Array.isArray(locales))
      throw new PluginError(`Plugin "${id}": "locales" must map a language to a loader`);
    for (const [language, loader] of Object.entries(locales)) {
      if (typeof loader !== 'function')
        throw new PluginError(`Plugin "${id}": the "${language}" translations need a loader function`);
    }
  }
  for (const key of ['pages', 'widgets'] as const) {
    const list = record[key];
    if (list !== undefined && !Array.isArray(list))
      throw new PluginError(`Plugin "${id}": "${key}" must be a list`);
    for (const item of (list ?? []) as unknown[]) {
      const entry = item as Record<string, unknown> | null;
      if (
        entry === null ||
        typeof entry !== 'object' ||
        typeof entry.name !== 'string' ||
        typeof entry.component !== 'function'
      ) {
        throw new PluginError(`Plugin "${id}": every entry of "${key}" needs a name and a component loader`);
      }
      if (key === 'widgets' && (typeof entry.title !== 'string' || !Array.isArray(entry.sizes)))
        throw new PluginError(`Plugin "${id}": widget "${entry.name}" needs a title key and a list of sizes`);
    }
  }
  return candidate as PluginDefinition;
}
