import builtInManifest from '../../portal.config.json';
import { loadRuntimeManifest } from '../manifest/runtime-manifest.ts';
import type { RuntimeManifest } from '../manifest/runtime-manifest.ts';
import { createPluginRegistry } from '../runtime/registry.ts';
import { browserStorage } from '../session/safe-storage.ts';
import { createPortal } from './create-portal.tsx';
import { plugins } from './plugins.ts';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const env: Readonly<Record<string, unknown>> = import.meta.env;
const builtIn: RuntimeManifest = { manifest: builtInManifest, source: 'built-in', version: null };

/** The published manifest's address: the gateway's studio service (index.html preloads it). */
function publishedUrl(): string | undefined {
  const { baseUrlEnv, baseUrl, services } = builtInManifest.gateway;
  const prefix = 'studio' in services ? services.studio : undefined;
  if (prefix === undefined) return undefined;
  const fromEnv = env[baseUrlEnv];
  const base = typeof fromEnv === 'string' && fromEnv.trim() !== '' ? fromEnv.trim() : baseUrl;
  return `${base.replace(/\/$/, '')}/${prefix.replace(/^\/|\/$/g, '')}/manifest/published`;
}

async function startingManifest(): Promise<RuntimeManifest> {
  const url = publishedUrl();
  if (url === undefined) return builtIn;
  const etag = env['VITE_BUILTIN_MANIFEST_ETAG'];
  return loadRuntimeManifest({
    builtIn: builtInManifest,
    builtInEtag: typeof etag === 'string' ? etag : undefined,
    url,
    storage: browserStorage('local') ?? undefined,
    knownPlugins: createPluginRegistry(plugins).known,
    // Its own chunk: only a browser meeting a publication for the first time loads it.
    loadValidator: () => import('../manifest/validate.ts').then((module) => module.validateManifest),
    timeoutMs: 2000,
    report: (message) => {
      console.warn(message);
    },
  });
}

async function start(root: HTMLElement): Promise<void> {
  const chosen = await startingManifest();
  try {
    (await createPortal(chosen.manifest, plugins, { env })).mount(root);
  } catch (error) {
    if (chosen.source === 'built-in') throw error;
    // A cached publication this build's plugins no longer satisfy: the built-in manifest always starts.
    console.warn(
      `Manifest version ${String(chosen.version)} refused at start; using the built-in one.`,
      error,
    );
    (await createPortal(builtInManifest, plugins, { env })).mount(root);
  }
}

start(container).catch((error: unknown) => {
  // Before React runs there is no translated UI: show the developer-facing reason plainly.
  const pre = document.createElement('pre');
  pre.setAttribute('role', 'alert');
  pre.textContent = error instanceof Error ? error.message : String(error);
  container.replaceChildren(pre);
  console.error(error);
});
