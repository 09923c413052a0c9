// The portal's own translations for the CLI's words (the diff says what the studio says, labels are the
// manifest's i18n keys), read from locales/ without the browser's lazy loading.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import type { StudioTranslate } from '../../src/manifest/manifest-diff.ts';

const FALLBACK = 'fr-FR';

function namespace(root: string, language: string, ns: string): Record<string, unknown> {
  const file = join(root, 'locales', language, `${ns}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
}

/** A translate function of one namespace in `language` (fr-FR where a key is missing). */
export function translator(root: string, language: string, ns: string): StudioTranslate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: FALLBACK,
    ns: [ns],
    defaultNS: ns,
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: {
      [language]: { [ns]: namespace(root, language, ns) },
      [FALLBACK]: { [ns]: namespace(root, FALLBACK, ns) },
    },
  });
  // Keys are data here (manifest labels, diff kinds): the typed key set of the app does not apply.
  const translate = instance.t.bind(instance) as unknown as StudioTranslate;
  return (key, options) => translate(key, options);
}
