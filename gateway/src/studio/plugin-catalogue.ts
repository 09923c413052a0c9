// What the portal's plugins provide, for checking a publication here as `npm run validate` does: the
// gateway cannot import the React plugins, so `npm run generate:schema` writes their declarations as
// data and precompiles their widgets' options checks (scripts/plugin-catalogue.ts).
import catalogue from '../../../kernel/schemas/generated/plugin-catalogue.json' with { type: 'json' };
import type { KnownPlugins, KnownWidget } from '../../../kernel/manifest/lint.ts';

export const pluginCatalogue: KnownPlugins = {
  pages: new Set(catalogue.pages),
  widgets: new Map(Object.entries(catalogue.widgets as Record<string, KnownWidget>)),
};
