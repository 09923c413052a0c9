import type { Plugin } from 'vite';

const PORTAL_MODULE = /[\\/]src[\\/]app[\\/]start-portal\.tsx$/;
const ENTRY_MODULE = /[\\/]src[\\/]app[\\/]main\.tsx$/;
const SIGN_IN_MODULE = /[\\/]src[\\/]app[\\/]sign-in-app\.tsx$/;
/** The plugin of the sign-in pages (SPEC 2's login layout), whose pages the sign-in app loads. */
const SIGN_IN_PAGES = /[\\/]plugins[\\/]auth[\\/]index\.ts$/;

/**
 * The entry (src/app/main.tsx) imports the portal dynamically so it can ask for the published manifest
 * while the portal's code downloads. Two things keep that from costing a round trip or a swarm of chunks:
 *
 * - `portalModules` holds the modules the portal needs before its first paint (the static imports of
 *   start-portal.tsx, recursively) for the chunk group that puts our first-page modules in one file
 *   (Rolldown's `$initial` tag no longer covers them once the import is dynamic);
 * - index.html gets a `modulepreload` for that chunk and its static imports, and for the default locale's
 *   common strings, so the browser fetches them with the entry, not after it has run.
 *
 * The entry may start the light sign-in app (src/app/sign-in-app.tsx) instead of the portal. Then:
 * - `signInModules` holds the modules that app needs (its static imports, recursively), which the portal
 *   shares: they go in a chunk of their own (`isSignInModule`), so the sign-in app never imports the
 *   portal's `first` chunk;
 * - index.html preloads only what both apps load (a preloaded chunk is downloaded whichever app starts):
 *   the login page does not fetch the portal, the portal's own chunks come with its dynamic import.
 */
export function portalChunks(
  defaultLocale: string,
  /** The portal's own libraries (the router, the store): a module that reaches one is not the sign-in app's. */
  portalOnly: { library: RegExp; barrels: ReadonlySet<string> } = { library: /$^/, barrels: new Set() },
  /**
   * Modules the portal imports lazily but draws on its first signed-in page (the entity home page and its
   * grid): their own modules (not a library's, not through a barrel) join `portalModules`, so the first
   * page does not wait for a second wave of small chunks, which also compress worse one by one.
   */
  firstRender = /$^/,
): {
  plugin: Plugin;
  isPortalModule: (id: string) => boolean;
  isSignInModule: (id: string) => boolean;
  reachesPortalLibrary: (id: string) => boolean;
} {
  // Every page's first paint waits for this namespace; its chunk would otherwise be asked for only once
  // the portal's code has run.
  const commonStrings = new RegExp(`[\\\\/]locales[\\\\/]${defaultLocale}[\\\\/]common\\.json$`);
  const portalModules = new Set<string>();
  const entryModules = new Set<string>();
  const signInModules = new Set<string>();
  const reaches = new Map<string, boolean>();
  let reachesPortalLibrary: (id: string) => boolean = () => false;
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
      const signIn = ids.find((id) => SIGN_IN_MODULE.test(id));
      if (entry !== undefined) walk(entry, entryModules);
      if (portal !== undefined) walk(portal, portalModules);
      if (signIn !== undefined) walk(signIn, signInModules);
      // What the entry has itself stays in the entry chunk; start-portal.tsx and sign-in-app.tsx are the
      // dynamic imports' own chunks (which the preload below finds by them).
      for (const id of entryModules) {
        portalModules.delete(id);
        signInModules.delete(id);
      }
      // What the pages the sign-in app loads share with the portal's first chunk (a loading indicator)
      // goes with the sign-in app's modules, or the login page would import the portal's chunk.
      const signInPages = new Set<string>();
      for (const id of signInModules)
        for (const lazy of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) walk(lazy, signInPages);
      for (const id of signInPages) if (portalModules.has(id)) signInModules.add(id);
      // The walk goes through the public barrels (`@portal/plugin-api`), which name every module of the
      // engine; what the build keeps of them is only what is used. A module that reaches the router or the
      // store without a barrel in between is the portal's: the sign-in app would never load it.
      reaches.clear();
      reachesPortalLibrary = (id: string): boolean => {
        const known = reaches.get(id);
        if (known !== undefined) return known;
        reaches.set(id, false);
        const found =
          portalOnly.library.test(id) ||
          (!portalOnly.barrels.has(id) &&
            (this.getModuleInfo(id)?.importedIds ?? []).some((imported) => reachesPortalLibrary(imported)));
        reaches.set(id, found);
        return found;
      };
      for (const id of signInModules) if (reachesPortalLibrary(id)) signInModules.delete(id);
      // What the portal never runs (the tree the sign-in app draws and hydrates) stays in the sign-in app's
      // own chunk: in the shared one, every signed-in first page would download it too.
      const portalReach = new Set<string>();
      const walkAll = (id: string) => {
        if (portalReach.has(id)) return;
        portalReach.add(id);
        const info = this.getModuleInfo(id);
        for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])])
          walkAll(next);
      };
      if (portal !== undefined) walkAll(portal);
      for (const id of signInModules) if (!portalReach.has(id)) signInModules.delete(id);
      for (const id of signInModules) portalModules.delete(id);
      if (portal !== undefined) portalModules.delete(portal);
      if (signIn !== undefined) signInModules.delete(signIn);
      // The signed-in first page's lazy modules, less any the sign-in app or the sign-in pages load (the
      // login page would then import the portal's chunk). Not `signInPages`: the sign-in app's plugin
      // list names every page of every plugin, the entity home's too.
      const signInLoads = new Set<string>();
      for (const id of ids)
        if (id === signIn || SIGN_IN_PAGES.test(id))
          for (const lazy of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) walk(lazy, signInLoads);
      const firstRenderModules = new Set<string>();
      const walkOurs = (id: string) => {
        if (firstRenderModules.has(id) || id.includes('node_modules') || portalOnly.barrels.has(id)) return;
        firstRenderModules.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) walkOurs(imported);
      };
      for (const id of ids) if (firstRender.test(id)) walkOurs(id);
      // Not the lazily imported module itself: it keeps a chunk of its own that imports the group's. (The
      // facade Rolldown writes for a grouped dynamic entry exports a binding it never declares.)
      for (const id of firstRenderModules)
        if (
          !signInModules.has(id) &&
          !signInLoads.has(id) &&
          !entryModules.has(id) &&
          (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) === 0
        )
          portalModules.add(id);
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
        const signIn = chunks.find(
          (chunk) => chunk.facadeModuleId !== null && SIGN_IN_MODULE.test(chunk.facadeModuleId),
        );
        /** A chunk and its static imports. */
        const closure = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          const chunk = chunks.find((each) => each.fileName === fileName);
          for (const imported of chunk?.imports ?? []) closure(imported, into);
        };
        const portalFiles = new Set<string>();
        closure(portal.fileName, portalFiles);
        const signInFiles = new Set<string>();
        if (signIn !== undefined) closure(signIn.fileName, signInFiles);
        const files = new Set<string>();
        // Imports before importers, as the browser would apply the stylesheets (Mantine's before ours).
        const css = new Set<string>();
        const strings = chunks.find(
          (chunk) => chunk.facadeModuleId !== null && commonStrings.test(chunk.facadeModuleId),
        );
        const preloaded = (fileName: string) =>
          signIn === undefined || signInFiles.has(fileName) || fileName === strings?.fileName;
        const visit = (fileName: string) => {
          if (files.has(fileName) || !preloaded(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((each) => each.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
          for (const sheet of chunk?.viteMetadata?.importedCss ?? []) css.add(sheet);
        };
        for (const file of portalFiles) visit(file);
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
  return {
    plugin,
    isPortalModule: (id) => portalModules.has(id),
    isSignInModule: (id) => signInModules.has(id),
    reachesPortalLibrary: (id) => reachesPortalLibrary(id),
  };
}
