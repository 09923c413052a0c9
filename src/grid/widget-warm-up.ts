import type { i18n as I18n } from 'i18next';
import { ownLocalesLoad } from '../runtime/plugin-translation.ts';
import type { PortalRuntime } from '../runtime/runtime.tsx';
import { preloadWidget } from './lazy-widget.ts';

/**
 * Starts, all at once, the code of these widgets (`<plugin>/<name>`) and their plugins' translations:
 * otherwise each frame asks for its plugin's strings when it renders, and for its widget's code only
 * once those have come, one wave after the other. Each is asked for once; asking again costs nothing.
 * Settles once all are in (or failed: each frame then shows its own error); never rejects.
 */
export async function warmUpWidgets(
  registry: PortalRuntime['registry'],
  i18n: I18n,
  widgets: readonly string[],
): Promise<void> {
  const pluginIds = new Set<string>();
  const loads: Promise<void>[] = [];
  for (const widget of widgets) {
    const definition = registry.widget(widget);
    if (definition === undefined) continue;
    loads.push(preloadWidget(definition));
    pluginIds.add(widget.slice(0, widget.indexOf('/')));
  }
  // The same loads usePluginTranslation makes: the frames then find their strings in and do not suspend.
  const plugins = registry.plugins.filter((plugin) => pluginIds.has(plugin.id));
  await Promise.allSettled([
    ...loads,
    i18n.loadNamespaces(plugins.map((plugin) => plugin.id)),
    ...plugins.map((plugin) => ownLocalesLoad(i18n, plugin.id, plugin.locales)),
  ]);
}
