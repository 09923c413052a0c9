import type { Plugin } from 'vite';

const PORTAL_MODULE = /[\\/]src[\\/]app[\\/]start-portal\.tsx$/;
const ENTRY_MODULE = /[\\/]src[\\/]app[\\/]main\.tsx$/;

/**
 * The entry (src/app/main.tsx) imports the portal dynamically so it can ask for the published manifest
 * while the portal's code downloads. Two things keep that from costing a round trip or a swarm of chunks:
 *
 * - `portalModules` holds the modules the portal needs before its first paint (the static imports of
 *   start-portal.tsx, recursively) for the chunk group that puts our first-page modules in one file
 *   (Rolldown's `$initial` tag no longer covers them once the import is dynamic);
 * - index.html gets a `modulepreload` for that chunk and its static imports, and for the default locale's
 *   common strings, so the browser fetches them with the entry, not after it has run.
 */
export function portalChunks(defaultLocale: string): {
  plugin: Plugin;
  isPortalModule: (id: string) => boolean;
} {
  // Every page's first paint waits for this namespace; its chunk would otherwise be asked for only once
  // the portal's code has run.
  const commonStrings = new RegExp(`[\\\\/]locales[\\\\/]${defaultLocale}[\\\\/]common\\.json$`);
  const portalModules = new Set<string>();
  const entryModules = new Set<string>();
  const plugin: Plugin = {
    name: 'portal-first-chunks',
    apply: 'build',
    buildEnd() {
      const walk = (id: string, into: Set<string>) => {
        if (into.has(id)) return;
        into.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) walk(imported, into);
      };
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => ENTRY_MODULE.test(id));
      const portal = ids.find((id) => PORTAL_MODULE.test(id));
      if (entry !== undefined) walk(entry, entryModules);
      if (portal !== undefined) walk(portal, portalModules);
      // What the entry has itself stays in the entry chunk; start-portal.tsx is the dynamic import's own
      // chunk (which the preload below finds by it).
      for (const id of entryModules) portalModules.delete(id);
      if (portal !== undefined) portalModules.delete(portal);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (bundle === undefined) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const portal = chunks.find(
          (chunk) => chunk.facadeModuleId !== null && PORTAL_MODULE.test(chunk.facadeModuleId),
        );
        if (portal === undefined) return [];
        const files = new Set<string>();
        // Imports before importers, as the browser would apply the stylesheets (Mantine's before ours).
        const css = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((each) => each.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
          for (const sheet of chunk?.viteMetadata?.importedCss ?? []) css.add(sheet);
        };
        visit(portal.fileName);
        const strings = chunks.find(
          (chunk) => chunk.facadeModuleId !== null && commonStrings.test(chunk.facadeModuleId),
        );
        if (strings !== undefined) visit(strings.fileName);
        // The entry's own static imports are already preloaded by Vite.
        const entry = context.chunk;
        for (const file of [entry?.fileName, ...(entry?.imports ?? [])])
          if (file !== undefined) files.delete(file);
        // Their stylesheets too, as the entry's are: the dynamic import would otherwise add them only once
        // the entry runs, and wait for them.
        return [
          ...[...css].map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: '', href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
  return { plugin, isPortalModule: (id) => portalModules.has(id) };
}
