import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import manifest from './portal.config.json' with { type: 'json' };
import { barrelFiles, entryAliases } from './scripts/aliases.ts';
import { gatewayProxy } from './scripts/gateway-proxy.ts';
import {
  cspIdentityOrigin,
  cspScriptOrigins,
  devWithoutCsp,
  enabledScriptOrigins,
} from './scripts/vite-dev-csp.ts';
import { manifestEtag } from './gateway/src/studio/manifest-etag.ts';
import { publishedManifestUrl } from './src/manifest/runtime-manifest.ts';
import { manifestValidation, publishedManifestPreload } from './scripts/vite-manifest-plugin.ts';

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

export default defineConfig(({ mode }) => ({
  plugins: [
    cspScriptOrigins(
      enabledScriptOrigins(manifest, { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env }),
    ),
    manifestValidation(),
    publishedManifestPreload(preloadUrl),
    react(),
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
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => (barrelFiles.has(id) ? false : undefined) },
    },
  },
}));
