import { use, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { useRuntime } from './runtime.tsx';
import type { PluginLocales } from './plugin-definition.ts';

/**
 * A translate function over a plugin's own namespace: keys are the plugin's JSON keys, options are
 * i18next interpolation values.
 *
 * @example
 * const label: string = t('rss.empty');
 */
export type PluginTranslate = (key: string, options?: Readonly<Record<string, unknown>>) => string;

// One load per i18n instance, language and plugin, shared by every component that suspends on it.
const pending = new WeakMap<I18n, Map<string, Promise<void>>>();

/**
 * The load of a plugin's own `locales` into its namespace, shared by every component (and the home
 * widgets' warm-up) that waits on it; null when there is nothing to load.
 */
export function ownLocalesLoad(
  i18n: I18n,
  pluginId: string,
  locales: PluginLocales | undefined,
): Promise<void> | null {
  const language = i18n.language;
  const load = locales?.[language];
  if (load === undefined || i18n.hasResourceBundle(language, pluginId)) return null;
  const byKey = pending.get(i18n) ?? new Map<string, Promise<void>>();
  pending.set(i18n, byKey);
  const key = `${language}/${pluginId}`;
  let promise = byKey.get(key);
  if (promise === undefined) {
    promise = load().then((module) => {
      i18n.addResourceBundle(language, pluginId, module.default, true, true);
    });
    byKey.set(key, promise);
  }
  return promise;
}

/**
 * The plugin's translations: its own i18next namespace, loaded the first time it is used (the component
 * suspends meanwhile) from the plugin's `locales` loaders when it declares them, else from
 * `locales/<lng>/<plugin-id>.json`. The engine's typed keys cover `common` only, so plugin keys are
 * plain strings here.
 *
 * @example
 * function Empty() {
 *   const { t } = usePluginTranslation('news');
 *   return <p>{t('rss.empty')}</p>;
 * }
 */
export function usePluginTranslation(pluginId: string): { t: PluginTranslate; language: string } {
  const { registry } = useRuntime();
  // The cast only widens the key type: at run time the namespace is the plugin's.
  const { t, i18n } = useTranslation(pluginId as 'common');
  const loading = ownLocalesLoad(
    i18n,
    pluginId,
    registry.plugins.find((plugin) => plugin.id === pluginId)?.locales,
  );
  // Suspends until the plugin's own bundle is in (React's `use` may be called conditionally).
  if (loading !== null) use(loading);
  const language = i18n.language;
  return useMemo(
    () => ({
      t: (key: string, options?: Readonly<Record<string, unknown>>) =>
        (t as unknown as (k: string, o?: Readonly<Record<string, unknown>>) => string)(key, options),
      language,
    }),
    [t, language],
  );
}

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/**
 * The keys of a translation file: dotted paths to its string leaves, with i18next's plural suffixes
 * folded into their base key (`count_one` and `count_other` are both asked for as `count`).
 *
 * @example
 * type Keys = TranslationKey<{ rss: { title: string; count_one: string; count_other: string } }>;
 * // 'rss.title' | 'rss.count'
 */
export type TranslationKey<Messages> = {
  [K in keyof Messages & string]: Messages[K] extends string
    ? K extends `${infer Base}_${PluralSuffix}`
      ? Base
      : K
    : `${K}.${TranslationKey<Messages[K]>}`;
}[keyof Messages & string];

/**
 * A translate function over one plugin's namespace whose keys are checked against its fr-FR file.
 *
 * @example
 * const label: string = t('rss.empty');
 */
export type TypedPluginTranslate<Key extends string> = (
  key: Key,
  options?: Readonly<Record<string, unknown>>,
) => string;

/**
 * Binds a plugin's namespace once and types its keys from the plugin's own fr-FR translations (the
 * default locale is the reference: a key missing there fails typecheck; a test keeps en in step).
 * Call it once in the plugin's `translation.ts`; components call the returned hook with no argument.
 *
 * @example
 * // plugins/news/translation.ts
 * import type messages from '../../locales/fr-FR/news.json';
 * export const useT = pluginTranslation<typeof messages>('news');
 * // plugins/news/rss-widget.tsx
 * const { t } = useT();
 * t('rss.empty');
 */
export function pluginTranslation<Messages>(
  pluginId: string,
): () => { t: TypedPluginTranslate<TranslationKey<Messages>>; language: string } {
  return function useBoundPluginTranslation() {
    return usePluginTranslation(pluginId);
  };
}
