import builtInManifest from '../../portal.config.json';
import { manifestForThisLoad } from '../manifest/runtime-manifest.ts';
import { createPluginRegistry } from '../plugin-host/registry.ts';
import { browserStorage } from '../session/safe-storage.ts';
import { createPortal } from './create-portal.tsx';
import type { PortalApp } from './create-portal.tsx';
import { plugins } from './plugins.ts';

/**
 * The published manifest the entry asked for, whether it had come when the portal's code had, and the last
 * good manifest the entry read to choose its app (not read from storage a second time).
 */
type PublishedAsk = Parameters<typeof manifestForThisLoad>[0];

/** The portal on the manifest it can have now (manifestForThisLoad: no wait for the gateway), unmounted. */
export async function preparePortal(
  env: Readonly<Record<string, unknown>>,
  answer: PublishedAsk | undefined,
): Promise<PortalApp> {
  const etag = env['VITE_BUILTIN_MANIFEST_ETAG'];
  const chosen = await manifestForThisLoad(answer, {
    builtIn: builtInManifest,
    builtInEtag: typeof etag === 'string' ? etag : undefined,
    storage: browserStorage('local') ?? undefined,
    knownPlugins: createPluginRegistry(plugins).known,
    // Its own chunk: only a browser meeting a publication for the first time loads it.
    loadValidator: () =>
      import('../../kernel/manifest/widget-options.ts').then((module) => module.validateWithWidgetOptions),
    report: (message: string) => {
      console.warn(message);
    },
  });
  try {
    // A publication may have been validated by an earlier build, against other plugins.
    return await createPortal(chosen.manifest, plugins, {
      env,
      checkedAgainstPlugins: chosen.source === 'built-in',
    });
  } catch (error) {
    if (chosen.source === 'built-in') throw error;
    // A cached publication this build's plugins no longer satisfy: the built-in manifest always starts.
    console.warn(
      `Manifest version ${String(chosen.version)} refused at start; using the built-in one.`,
      error,
    );
    return createPortal(builtInManifest, plugins, { env, checkedAgainstPlugins: true });
  }
}

/** Mounts the portal (preparePortal) on the page's root. */
export async function startPortal(
  root: HTMLElement,
  env: Readonly<Record<string, unknown>>,
  answer: PublishedAsk | undefined,
): Promise<void> {
  (await preparePortal(env, answer)).mount(root);
}
