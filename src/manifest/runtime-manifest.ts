import type { KnownPlugins } from '../../kernel/manifest/lint.ts';
import { formatProblems } from '../../kernel/manifest/problems.ts';
import type { ManifestValidation } from '../../kernel/manifest/validate.ts';

/** Where the manifest the portal runs on came from. */
type ManifestSource = 'built-in' | 'published' | 'cached';

export type RuntimeManifest = { manifest: unknown; source: ManifestSource; version: number | null };

export type RuntimeManifestOptions = {
  builtIn: unknown;
  /** The built-in manifest's etag (the build computes it as the gateway does); sent as `known`. */
  builtInEtag: string | undefined;
  /** The published manifest's address, without the `known` query. */
  url: string;
  storage: Storage | undefined;
  knownPlugins: KnownPlugins;
  /** The precompiled schema validator and lint: loaded only when a manifest not seen before arrives. */
  loadValidator: () => Promise<(data: unknown, known: KnownPlugins) => ManifestValidation>;
  /** Past this the gateway counts as unreachable (the portal does not wait for it: see src/app/main.tsx). */
  timeoutMs: number;
  report: (message: string) => void;
  fetchImpl?: typeof fetch;
};

/** localStorage key of the last published manifest that passed validation here. */
export const LAST_GOOD_MANIFEST_KEY = 'portal-manifest';

type Published = { version: number | null; etag: string | null; manifest: unknown };
type LastGood = { version: number; etag: string; manifest: unknown };

/** The address the portal asks, also preloaded by index.html so the answer comes with the code. */
export function publishedManifestUrl(url: string, builtInEtag: string | undefined): string {
  return builtInEtag === undefined ? url : `${url}?known=${encodeURIComponent(builtInEtag)}`;
}

/** What the gateway said, before any check: the envelope, or why there is none. */
export type PublishedAnswer = { ok: true; body: unknown } | { ok: false; why: string };

/**
 * Asks the gateway for its published manifest. Started by the entry before the portal's code arrives
 * (index.html preloads the same address), so the answer travels with the code, not after it.
 */
export async function fetchPublishedManifest(
  options: Pick<RuntimeManifestOptions, 'url' | 'builtInEtag' | 'timeoutMs' | 'fetchImpl'>,
): Promise<PublishedAnswer> {
  try {
    const response = await (options.fetchImpl ?? fetch)(
      publishedManifestUrl(options.url, options.builtInEtag),
      // Nothing but the signal: the request must be the one index.html preloaded.
      { signal: AbortSignal.timeout(options.timeoutMs) },
    );
    if (!response.ok) return { ok: false, why: `the gateway answered ${String(response.status)}` };
    return { ok: true, body: await response.json() };
  } catch (error) {
    return { ok: false, why: `unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * What to start on when the gateway's answer has not come by the time the code is ready: the last
 * publication this browser validated, unless the gateway has since said the built-in one is current.
 * The answer, when it comes, is checked and kept for the next load (chooseRuntimeManifest).
 */
export function lastGoodOrBuiltIn(builtIn: unknown, storage: Storage | undefined): RuntimeManifest {
  const lastGood = readLastGood(storage);
  return lastGood
    ? { manifest: lastGood.manifest, source: 'cached', version: lastGood.version }
    : { manifest: builtIn, source: 'built-in', version: null };
}

/**
 * The manifest this load starts on, given where the gateway's answer is when the portal's code is ready:
 * come with the code, it is checked and used (a publication seen for the first time loads the validator
 * first); still on its way, the load starts on the last good manifest and the answer, once checked, is
 * kept for the next load. The published manifest never holds the first paint back.
 */
export function manifestForThisLoad(
  answer:
    | {
        state: 'arrived' | 'pending';
        promise: Promise<PublishedAnswer>;
        /** The last good manifest (or the built-in one) as the entry already read it from storage. */
        lastGood?: RuntimeManifest;
      }
    | undefined,
  options: Omit<RuntimeManifestOptions, 'url' | 'timeoutMs' | 'fetchImpl'>,
): Promise<RuntimeManifest> {
  if (answer === undefined)
    return Promise.resolve({ manifest: options.builtIn, source: 'built-in', version: null });
  if (answer.state === 'arrived')
    return answer.promise.then((arrived) => chooseRuntimeManifest(arrived, options));
  void answer.promise.then((late) => chooseRuntimeManifest(late, options));
  return Promise.resolve(answer.lastGood ?? lastGoodOrBuiltIn(options.builtIn, options.storage));
}

/**
 * The manifest to start on: the gateway's published one when it passes the schema and lint here, else
 * the last good one this browser validated, else the built-in one. A refusal is reported, never thrown:
 * a bad publication must not stop anyone from signing in.
 */
export async function loadRuntimeManifest(options: RuntimeManifestOptions): Promise<RuntimeManifest> {
  return chooseRuntimeManifest(await fetchPublishedManifest(options), options);
}

/** The gateway's answer checked: see loadRuntimeManifest. Keeps what it chose for the next load. */
export async function chooseRuntimeManifest(
  answer: PublishedAnswer,
  options: Omit<RuntimeManifestOptions, 'url' | 'timeoutMs' | 'fetchImpl'>,
): Promise<RuntimeManifest> {
  const builtIn: RuntimeManifest = { manifest: options.builtIn, source: 'built-in', version: null };
  const fallback = (why: string): RuntimeManifest => {
    const lastGood = readLastGood(options.storage);
    options.report(
      `Published manifest not used (${why}); starting on the ${lastGood ? `last good version ${String(lastGood.version)}` : 'built-in manifest'}.`,
    );
    return lastGood ? { manifest: lastGood.manifest, source: 'cached', version: lastGood.version } : builtIn;
  };
  if (!answer.ok) return fallback(answer.why);
  let published: Published;
  try {
    published = parsePublished(answer.body);
  } catch (error) {
    return fallback(`unreadable: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Nothing published, or the published one is the built-in one: nothing more to check, and a load whose
  // answer comes late must not start on a publication since rolled back.
  if (published.version === null || published.etag === null || published.etag === options.builtInEtag) {
    forgetLastGood(options.storage);
    return builtIn;
  }
  if (published.manifest === null) return fallback('the gateway sent no manifest');
  const lastGood = readLastGood(options.storage);
  if (lastGood?.etag === published.etag)
    return { manifest: published.manifest, source: 'published', version: published.version };
  let validation: ManifestValidation;
  try {
    const validate = await options.loadValidator();
    validation = validate(published.manifest, options.knownPlugins);
  } catch (error) {
    return fallback(`the validator did not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!validation.ok) {
    const file = `published manifest version ${String(published.version)}`;
    return fallback(`invalid:\n${formatProblems(file, validation.problems)}`);
  }
  writeLastGood(options.storage, {
    version: published.version,
    etag: published.etag,
    manifest: published.manifest,
  });
  return { manifest: published.manifest, source: 'published', version: published.version };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parsePublished(body: unknown): Published {
  if (!isRecord(body)) throw new Error('the answer is not an object');
  const { version, etag, manifest } = body;
  return {
    version: typeof version === 'number' ? version : null,
    etag: typeof etag === 'string' ? etag : null,
    manifest: manifest ?? null,
  };
}

function readLastGood(storage: Storage | undefined): LastGood | undefined {
  try {
    const value: unknown = JSON.parse(storage?.getItem(LAST_GOOD_MANIFEST_KEY) ?? 'null');
    if (!isRecord(value) || typeof value['version'] !== 'number' || typeof value['etag'] !== 'string')
      return undefined;
    return { version: value['version'], etag: value['etag'], manifest: value['manifest'] };
  } catch {
    return undefined;
  }
}

function forgetLastGood(storage: Storage | undefined): void {
  try {
    storage?.removeItem(LAST_GOOD_MANIFEST_KEY);
  } catch {
    // A blocked storage holds nothing to forget.
  }
}

function writeLastGood(storage: Storage | undefined, lastGood: LastGood): void {
  try {
    storage?.setItem(LAST_GOOD_MANIFEST_KEY, JSON.stringify(lastGood));
  } catch {
    // A full or blocked storage only costs a validation on the next load.
  }
}
