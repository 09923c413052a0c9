import i18next from 'i18next';
import type { BackendModule, i18n as I18n, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

type LocaleModule = { default: Record<string, unknown> };

// Each `locales/<lng>/<namespace>.json` becomes its own chunk, fetched when that language and namespace
// are first needed, so a page only downloads the translations it shows.
const localeFiles = import.meta.glob<LocaleModule>('../../locales/*/*.json');

function localeLoader(language: string, namespace: string): (() => Promise<LocaleModule>) | undefined {
  return localeFiles[`../../locales/${language}/${namespace}.json`];
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {
    /* nothing to set up */
  },
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeLoader(language, namespace);
    if (load === undefined) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => {
        callback(null, module.default);
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
  },
};

export const LANGUAGE_STORAGE_KEY = 'portal-language';

export type I18nSettings = { defaultLocale: string; locales: readonly string[] };

/**
 * Starts fetching a namespace's translations before i18next asks for them (the first route's, while the
 * entry is still setting up), so they do not wait for the page to render first. Fire and forget: the
 * module is cached by the browser and i18next's own load gets it from there.
 */
export function preloadTranslations(
  settings: I18nSettings,
  storage: Pick<Storage, 'getItem'> | undefined,
  namespace: string,
): void {
  localeLoader(initialLanguage(settings, storage), namespace)?.().catch(() => {
    // i18next's own load reports the failure.
  });
}

/** The saved language when it is one of the manifest's locales, else the manifest default. */
function initialLanguage(settings: I18nSettings, storage: Pick<Storage, 'getItem'> | undefined): string {
  let saved: string | null = null;
  try {
    saved = storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    saved = null;
  }
  return saved !== null && settings.locales.includes(saved) ? saved : settings.defaultLocale;
}

export async function createI18n(settings: I18nSettings, storage?: Pick<Storage, 'getItem'>): Promise<I18n> {
  const instance = i18next.createInstance();
  const language = initialLanguage(settings, storage);
  await instance
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: settings.defaultLocale,
      supportedLngs: [...settings.locales],
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  return instance;
}

/** Switches language and remembers the choice; storage failures only cost the memory of it. */
export async function changeLanguage(
  instance: I18n,
  language: string,
  storage?: Pick<Storage, 'setItem'>,
): Promise<void> {
  await instance.changeLanguage(language);
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    /* private mode: the choice lasts this visit only */
  }
}
