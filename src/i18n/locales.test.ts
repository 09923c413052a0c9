import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRealManifest } from '../testing/manifest.ts';

const localesDir = join(import.meta.dirname, '../../locales');
const languages = readdirSync(localesDir).sort();

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    keysOf(child, prefix === '' ? key : `${prefix}.${key}`),
  );
}

function read(language: string, file: string): unknown {
  return JSON.parse(readFileSync(join(localesDir, language, file), 'utf8'));
}

describe('translations', () => {
  it('exist in fr-FR and en, the manifest locales', () => {
    expect(languages).toEqual(['en', 'fr-FR']);
    expect([...loadRealManifest().app.locales].sort()).toEqual(languages);
  });

  it.each(readdirSync(join(localesDir, 'en')))('%s has the same keys in every language', (file) => {
    const english = keysOf(read('en', file)).sort();
    for (const language of languages) {
      expect(keysOf(read(language, file)).sort(), `${language}/${file}`).toEqual(english);
    }
  });

  it('names the date a document was added with one term on every list (documents, accounting, BI reports)', () => {
    const addedOn = [
      ['documents.json', ['columns', 'date']],
      ['accounting.json', ['documents', 'uploadedAt']],
      ['bi-reports.json', ['columns', 'date']],
    ] as const;
    const at = (value: unknown, path: readonly string[]): unknown =>
      path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
    for (const [language, term] of [
      ['fr-FR', 'Ajouté le'],
      ['en', 'Added on'],
    ] as const) {
      for (const [file, path] of addedOn)
        expect(at(read(language, file), path), `${language}/${file} ${path.join('.')}`).toBe(term);
    }
  });

  it('has no empty string', () => {
    for (const language of languages) {
      for (const file of readdirSync(join(localesDir, language))) {
        const flat = JSON.stringify(read(language, file));
        expect(flat.includes('""'), `${language}/${file}`).toBe(false);
      }
    }
  });

  it('covers every label key the manifest uses', () => {
    const config = loadRealManifest();
    const common = keysOf(read('en', 'common.json'));
    const used = [
      config.app.defaultTitle,
      ...config.sidebar.map((i) => i.title),
      ...config.walletTabs.collaborator.map((i) => i.title),
      ...config.walletTabs.client.map((i) => i.title),
      ...config.overviewTabs.map((i) => i.title),
      ...Object.values(config.permissions).map((p) => p.label),
    ];
    const titles: string[] = [];
    const visit = (routes: readonly { meta?: { title?: string }; children?: readonly unknown[] }[]): void => {
      for (const route of routes) {
        if (route.meta?.title !== undefined) titles.push(route.meta.title);
        visit((route.children ?? []) as typeof routes);
      }
    };
    visit(config.routes);
    expect([...used, ...titles].filter((key) => !common.includes(key))).toEqual([]);
  });

  it('uses the spec French messages word for word', () => {
    const fr = read('fr-FR', 'common.json') as {
      session: Record<string, string>;
      notifications: Record<string, string>;
    };
    expect(fr.session.expiredTitle).toBe('Session expirée');
    expect(fr.session.expiredMessage).toBe('Vous avez été déconnecté pour des raisons de sécurité.');
    expect(fr.notifications.saveSuccess).toBe('Vos paramètres de notifications ont été sauvegardés.');
    expect(fr.notifications.saveFailure).toBe(
      'Une erreur est survenue lors de la sauvegarde de vos paramètres. Veuillez réessayer.',
    );
  });
});
