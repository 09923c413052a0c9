import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import manifest from './portal.config.json' with { type: 'json' };
import { barrelFiles, entryAliases } from './scripts/aliases.ts';
import { inlineContractRoutes } from './scripts/vite-contract-routes.ts';
import { gatewayProxy } from './scripts/gateway-proxy.ts';
import {
  cspIdentityOrigin,
  cspScriptOrigins,
  devWithoutCsp,
  enabledScriptOrigins,
} from './scripts/vite-dev-csp.ts';
import { manifestEtag } from './gateway/src/studio/manifest-etag.ts';
import { publishedManifestUrl } from './src/manifest/runtime-manifest.ts';
import {
  manifestValidation,
  publishedBrandingInclude,
  publishedManifestPreload,
} from './scripts/vite-manifest-plugin.ts';
import { mantineCssPerComponent, mantineLightOnly } from './scripts/vite-mantine-css.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { prerenderLogin } from './scripts/vite-prerender-login.ts';
import { brandingFavicon } from './scripts/vite-favicon.ts';
import { portalChunks } from './scripts/vite-portal-chunks.ts';
import { indexRoutes } from './src/manifest/route-index.ts';
import type { PortalConfig } from './kernel/schemas/portal-config.ts';

const gatewayTarget = process.env.GATEWAY_URL ?? `http://127.0.0.1:${process.env.GATEWAY_PORT ?? '4010'}`;
const proxy = gatewayProxy(manifest.gateway, gatewayTarget);

const identity = manifest.identity.collaborator;

// The gateway computes the same etag of what it publishes: equal means the built-in manifest is current.
const builtInEtag = manifestEtag(JSON.stringify(manifest));
process.env['VITE_BUILTIN_MANIFEST_ETAG'] = builtInEtag;
// Only when the gateway is reached through the portal's own origin (the preload must be the same URL).
const studioPrefix = 'studio' in manifest.gateway.services ? manifest.gateway.services.studio : undefined;
const preloadUrl =
  studioPrefix === undefined || (process.env[manifest.gateway.baseUrlEnv] ?? '/') !== '/'
    ? undefined
    : publishedManifestUrl(`/${studioPrefix}/manifest/published`, builtInEtag);
// The published branding the server includes in the pages it sends (same condition: one origin).
const brandingUrl = preloadUrl === undefined ? undefined : `/${String(studioPrefix)}/manifest/branding`;

// The Mantine components of the login page and the error pages: small, and drawn on every page. Not
// Progress: only the upload and the new password draw it, and its styles (0.4 KiB gz) paid for the
// phones' tap targets (src/app/touch.css) on the first pages.
const MANTINE_KIT = new Set(
  'Anchor ActionIcon Alert Box Button Center CloseButton ComboboxChevron Container Group Input InputBase Loader NativeSelect Paper Stack Text TextInput Title Transition UnstyledButton get-parsed-combobox-data'.split(
    ' ',
  ),
);
const PASSWORD_INPUT =
  /[\\/]node_modules[\\/]@mantine[\\/]core[\\/](esm[\\/]components[\\/]PasswordInput[\\/]|styles[\\/]PasswordInput\.css$)/;
const FIRST_PAGE_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|html-parse-stringify|void-elements|@mantine[\\/]hooks|clsx|use-sync-external-store)[\\/]/;
// Mantine's hooks that only later pages' components use (Pagination, ScrollArea, FocusTrap, the modals'
// and popovers' focus return and outside click, CopyButton, FloatingIndicator, SegmentedControl): not in
// the vendor chunk the login page and the entity home download (about 0.4 KiB gz), with their components.
const LATER_HOOKS =
  /[\\/]node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/](use-pagination|use-debounced-callback|use-focus-trap|use-focus-return|use-clipboard|use-click-outside|use-mutation-observer|use-shallow-effect|use-timeout)[\\/]/;
// What the portal runs on and the light sign-in app does not (src/app/sign-in-app.tsx): the router, the
// store, the dates. One file of their own, which the login page never downloads.
const PORTAL_LIBRARIES =
  /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser|@reduxjs[\\/]toolkit|immer|redux|redux-thunk|reselect|react-redux|@standard-schema|@mantine[\\/]dates[\\/]esm[\\/]components[\\/]DatesProvider)[\\/]/;

// A lazy page that most signed-in first pages draw: the entity home page (the landing of most people)
// and the home grid the engine draws under it (a route's homeGrid).
const FIRST_RENDER = /[\\/](plugins[\\/]entity-home[\\/]home-page|src[\\/]grid[\\/]home-grid)\.tsx$/;
// The Mantine components the shell and the grid draw that the login page does not (the vendor chunk has
// the login page's).
const FIRST_RENDER_MANTINE =
  /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Burger|Card)[\\/]/;
// The default locale's strings of the entity home's widgets and page, one file instead of one per plugin
// (each a few hundred bytes): the home asks for them together. Other pages of these plugins load the file
// too, a kilobyte or two.
const homeNamespaces = new Set([
  indexRoutes(manifest as PortalConfig)
    .get('entity.home')
    ?.route.page?.split('/')[0],
  ...manifest.homeWidgets.sets.flatMap((set) => set.widgets.map((placed) => placed.widget.split('/')[0])),
]);
const HOME_STRINGS = new RegExp(
  `[\\\\/]locales[\\\\/]${manifest.app.defaultLocale}[\\\\/](${[...homeNamespaces].join('|')})\\.json$`,
);
// Parts of the plugin API only later pages use (downloads and uploads, the launcher's applications, the
// rights screens' catalogue): the walks above reach them through the API's barrel, which names them all,
// and would put them with the first pages' modules. They go with the pages that import them.
const LATER_PAGES_ONLY =
  /[\\/]src[\\/]plugin-api[\\/](upload|download|applications|permission-catalogue)\.ts$/;
// The form that chooses a new password and the rule it checks (its common passwords are half a KiB): the
// two pages of a new password share them, the login page does not need them.
const NEW_PASSWORD =
  /[\\/](plugins[\\/]auth[\\/](new-password-form\.tsx|password-validation\.ts)|src[\\/]plugin-api[\\/]password-rule\.ts|kernel[\\/]contract[\\/]password-rule\.ts)$/;

// The parts of @portal/ui that several home widgets share (the link widget, a widget's query state): with
// the portal's first modules, not one small chunk each on the entity home.
const HOME_WIDGET_PARTS = /[\\/]src[\\/]ui[\\/](link-widget|widget-query-state)\.tsx$/;

const portal = portalChunks(
  manifest.app.defaultLocale,
  { library: PORTAL_LIBRARIES, barrels: barrelFiles },
  FIRST_RENDER,
);

function firstPageLibrary(id: string): boolean {
  if (LATER_HOOKS.test(id)) return false;
  if (FIRST_PAGE_LIBRARIES.test(id) || /rolldown[\\/]runtime/.test(id)) return true;
  // The stylesheets of these components too (scripts/vite-mantine-css.ts), or the chunks would import the
  // entry chunk that holds them.
  const stylesheet = /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]styles[\\/]([A-Za-z-]+)\.css$/.exec(
    id,
  )?.[1];
  if (stylesheet !== undefined)
    return ['baseline', 'global', 'Combobox'].includes(stylesheet) || MANTINE_KIT.has(stylesheet);
  const mantine = /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](.+)$/.exec(id)?.[1];
  if (mantine === undefined || mantine === 'index.mjs') return false;
  if (mantine.startsWith('core/')) return true;
  // NativeSelect's chevron reads the Combobox's class names, not the Combobox.
  if (mantine === 'components/Combobox/Combobox.module.css.mjs') return true;
  return mantine.split('/').some((folder) => MANTINE_KIT.has(folder));
}

export default defineConfig(({ mode }) => ({
  plugins: [
    cspScriptOrigins(
      enabledScriptOrigins(manifest, { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env }),
    ),
    manifestValidation(),
    publishedManifestPreload(preloadUrl),
    publishedBrandingInclude(brandingUrl),
    brandingFavicon(manifest.branding.favicon),
    inlineContractRoutes(),
    react(),
    mantineCssPerComponent(),
    mantineLightOnly(),
    portal.plugin,
    prerenderLogin(),
    precompress(),
    devWithoutCsp(),
    cspIdentityOrigin(
      process.env[identity.authorityEnv] ??
        loadEnv(mode, process.cwd(), 'VITE_')[identity.authorityEnv] ??
        identity.authority,
    ),
  ],
  resolve: { alias: entryAliases },
  server: { host: '127.0.0.1', proxy },
  preview: { host: '127.0.0.1', proxy },
  build: {
    target: 'es2022',
    // No source maps in production: the built files are what is served, the sources stay with us.
    sourcemap: false,
    // Every browser the portal supports knows modulepreload: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // The vendor chunk is one file on purpose (164 KiB gz, react-dom alone is 60): see codeSplitting.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => (barrelFiles.has(id) ? false : undefined) },
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page runs on, and the small Mantine components every page draws, in one
            // file: they import nothing of ours, so no chunk cycle can run a module before its imports.
            { name: 'vendor', test: firstPageLibrary, priority: 3, includeDependenciesRecursively: false },
            // Our modules that the sign-in app and the portal both run before their first paint, in one file.
            { name: 'new-password', test: NEW_PASSWORD, priority: 3, includeDependenciesRecursively: false },
            {
              name: 'sign-in',
              test: (id: string) =>
                !id.includes('node_modules') && !LATER_PAGES_ONLY.test(id) && portal.isSignInModule(id),
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // Our modules the entry needs before its first paint, in one file instead of some fifteen the
            // browser would discover one wave at a time, with the portal's own libraries (one file
            // compresses better than two, and the portal never loads one without the other). Not the
            // modules' other dependencies: Mantine's barrel imports every component, which would bring the
            // tables and menus of later pages.
            {
              name: 'first',
              // The entry module and what it imports itself stay in the entry chunk, which index.html names.
              test: (id: string) =>
                PORTAL_LIBRARIES.test(id) ||
                FIRST_RENDER_MANTINE.test(id) ||
                (!id.includes('node_modules') && !LATER_PAGES_ONLY.test(id) && portal.isPortalModule(id)) ||
                HOME_WIDGET_PARTS.test(id),
              priority: 2,
              includeDependenciesRecursively: false,
            },
            { name: 'home-strings', test: HOME_STRINGS, priority: 2, includeDependenciesRecursively: false },
            // What the pages share of the plugin API, and what the sign-in pages share, one file each.
            // Not the studio's entry: it carries the manifest validator, for the studio page alone.
            {
              name: 'plugin-api',
              test: (id: string) =>
                !LATER_PAGES_ONLY.test(id) &&
                /[\\/]src[\\/](plugin-api[\\/](?!studio)|plugin-host[\\/]plugin-translation|ui[\\/]page-title)/.test(
                  id,
                ),
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'auth-shared',
              // Not what reaches the store (the password forms): the login page loads this chunk.
              test: (id: string) =>
                PASSWORD_INPUT.test(id) ||
                (/[\\/]plugins[\\/]auth[\\/]/.test(id) && !portal.reachesPortalLibrary(id)),
              minShareCount: 2,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
