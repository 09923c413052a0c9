import builtInManifest from '../../portal.config.json';
import { chooseRuntimeManifest, lastGoodOrBuiltIn } from '../manifest/runtime-manifest.ts';
import type { PublishedAnswer, RuntimeManifest } from '../manifest/runtime-manifest.ts';
import { createPluginRegistry } from '../runtime/registry.ts';
import { browserStorage } from '../session/safe-storage.ts';
import { createPortal } from './create-portal.tsx';
import { plugins } from './plugins.ts';

/**
 * Mounts the portal on the manifest it can have now. The gateway's answer, if it came with the code, is
 * checked and used at once (a publication seen for the first time loads the validator first); if it is
 * still on its way, the portal starts on the last good manifest and the answer, once checked, is kept
 * for the next load: the published manifest never holds the first paint back.
 */
export async function startPortal(
  root: HTMLElement,
  env: Readonly<Record<string, unknown>>,
  state: 'arrived' | 'pending' | undefined,
  answer: Promise<PublishedAnswer> | undefined,
): Promise<void> {
  const storage = browserStorage('local') ?? undefined;
  const etag = env['VITE_BUILTIN_MANIFEST_ETAG'];
  const options = {
    builtIn: builtInManifest,
    builtInEtag: typeof etag === 'string' ? etag : undefined,
    storage,
    knownPlugins: createPluginRegistry(plugins).known,
    // Its own chunk: only a browser meeting a publication for the first time loads it.
    loadValidator: () => import('../manifest/validate.ts').then((module) => module.validateManifest),
    report: (message: string) => {
      console.warn(message);
    },
  };
  const choose = async (): Promise<RuntimeManifest> => {
    if (answer === undefined) return { manifest: builtInManifest, source: 'built-in', version: null };
    if (state === 'arrived') return chooseRuntimeManifest(await answer, options);
    void answer.then((late) => chooseRuntimeManifest(late, options));
    return lastGoodOrBuiltIn(builtInManifest, storage);
  };
  const chosen = await choose();
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
