import { describe, expect, it, vi } from 'vitest';
import manifest from '../../portal.config.json';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import {
  chooseRuntimeManifest,
  LAST_GOOD_MANIFEST_KEY,
  lastGoodOrBuiltIn,
  loadRuntimeManifest,
  manifestForThisLoad,
} from './runtime-manifest.ts';
import type { PublishedAnswer, RuntimeManifestOptions } from './runtime-manifest.ts';
import { validateManifest } from '../../kernel/manifest/validate.ts';

const builtIn = manifest as unknown as PortalConfig;
const bankFirst: PortalConfig = {
  ...builtIn,
  sidebar: builtIn.sidebar.map((item) =>
    item.id === 'bank' ? { ...item, order: 1 } : item.id === 'bi-reports' ? { ...item, order: 6 } : item,
  ),
};
const broken = { ...builtIn, sidebar: [{ ...builtIn.sidebar[0], route: 'no.such.route' }] };

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => {
      map.clear();
    },
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, value);
    },
  };
}

function options(answer: unknown, overrides: Partial<RuntimeManifestOptions> = {}) {
  const report = vi.fn<(message: string) => void>();
  const loadValidator = vi.fn(() => Promise.resolve(validateManifest));
  const fetchImpl = vi.fn<typeof fetch>(() =>
    answer instanceof Error ? Promise.reject(answer) : Promise.resolve(Response.json(answer)),
  );
  const all: RuntimeManifestOptions = {
    builtIn,
    builtInEtag: 'built',
    url: '/studio/api/manifest/published',
    storage: memoryStorage(),
    knownPlugins: undefined as unknown as RuntimeManifestOptions['knownPlugins'],
    loadValidator,
    timeoutMs: 1000,
    report,
    fetchImpl,
    ...overrides,
  };
  return { all, report, loadValidator, fetchImpl };
}

describe('the manifest the portal starts on', () => {
  it('is the built-in one, with no validator loaded, while the published one is the built-in one', async () => {
    const { all, loadValidator, fetchImpl } = options({ version: 1, etag: 'built', manifest: null });
    const chosen = await loadRuntimeManifest(all);
    expect(chosen.source).toBe('built-in');
    expect(chosen.manifest).toBe(builtIn);
    expect(loadValidator).not.toHaveBeenCalled();
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/studio/api/manifest/published?known=built');
  });

  it('is a new publication once it passes the schema and lint, remembered as the last good one', async () => {
    const { all, loadValidator } = options({ version: 2, etag: 'v2', manifest: bankFirst });
    const chosen = await loadRuntimeManifest(all);
    expect(chosen).toEqual({ manifest: bankFirst, source: 'published', version: 2 });
    expect(loadValidator).toHaveBeenCalledTimes(1);
    // The next load of the same version does not load the validator again.
    const again = options({ version: 2, etag: 'v2', manifest: bankFirst }, { storage: all.storage });
    expect((await loadRuntimeManifest(again.all)).source).toBe('published');
    expect(again.loadValidator).not.toHaveBeenCalled();
  });

  it('refuses a broken publication with a report and keeps the last good one', async () => {
    const storage = memoryStorage();
    await loadRuntimeManifest(options({ version: 2, etag: 'v2', manifest: bankFirst }, { storage }).all);
    const { all, report } = options({ version: 3, etag: 'v3', manifest: broken }, { storage });
    const chosen = await loadRuntimeManifest(all);
    expect(chosen).toEqual({ manifest: bankFirst, source: 'cached', version: 2 });
    expect(report.mock.calls[0]?.[0]).toContain('/sidebar/0/route');
    expect(JSON.parse(storage.getItem(LAST_GOOD_MANIFEST_KEY) ?? '{}')).toMatchObject({ version: 2 });
  });

  it('falls back to the built-in one when the gateway cannot be reached and nothing was cached', async () => {
    const { all, report } = options(new TypeError('Failed to fetch'));
    const chosen = await loadRuntimeManifest(all);
    expect(chosen.source).toBe('built-in');
    expect(report.mock.calls[0]?.[0]).toContain('unreachable');
  });

  it('falls back on an error status and on an answer that is not a manifest envelope', async () => {
    const failing = options(null, {
      fetchImpl: () => Promise.resolve(new Response('no', { status: 502 })),
    });
    expect((await loadRuntimeManifest(failing.all)).source).toBe('built-in');
    expect(failing.report.mock.calls[0]?.[0]).toContain('502');
    const garbage = options('a string');
    expect((await loadRuntimeManifest(garbage.all)).source).toBe('built-in');
    expect(garbage.report).toHaveBeenCalledTimes(1);
  });
});

describe('the manifest a load starts on when the answer is still on its way', () => {
  it('is the last good publication, until the gateway says the built-in one is current again', async () => {
    const storage = memoryStorage();
    await loadRuntimeManifest(options({ version: 2, etag: 'v2', manifest: bankFirst }, { storage }).all);
    expect(lastGoodOrBuiltIn(builtIn, storage)).toMatchObject({ source: 'cached', version: 2 });
    // A rollback to the build: a later load that does not wait for the answer must not show version 2.
    await loadRuntimeManifest(options({ version: 3, etag: 'built', manifest: null }, { storage }).all);
    expect(lastGoodOrBuiltIn(builtIn, storage)).toMatchObject({ source: 'built-in', version: null });
  });

  it('keeps a late answer, checked, for the next load', async () => {
    const storage = memoryStorage();
    const { all } = options(null, { storage });
    const chosen = await chooseRuntimeManifest(
      { ok: true, body: { version: 4, etag: 'v4', manifest: bankFirst } },
      all,
    );
    expect(chosen.source).toBe('published');
    expect(lastGoodOrBuiltIn(builtIn, storage)).toMatchObject({ source: 'cached', version: 4 });
  });
});

describe('the manifest of this load', () => {
  const publication = { ok: true as const, body: { version: 5, etag: 'v5', manifest: bankFirst } };

  it('is the published one when the answer came with the code', async () => {
    const { all } = options(null);
    const chosen = await manifestForThisLoad(
      { state: 'arrived', promise: Promise.resolve(publication) },
      all,
    );
    expect(chosen).toMatchObject({ source: 'published', version: 5 });
  });

  it('does not wait for an answer still on its way: the next load has it', async () => {
    const { all } = options(null);
    let deliver: (answer: PublishedAnswer) => void = () => undefined;
    const promise = new Promise<PublishedAnswer>((resolve) => {
      deliver = resolve;
    });
    const chosen = await manifestForThisLoad({ state: 'pending', promise }, all);
    expect(chosen.source).toBe('built-in');
    deliver(publication);
    await promise;
    await vi.waitFor(() => {
      expect(lastGoodOrBuiltIn(builtIn, all.storage)).toMatchObject({ source: 'cached', version: 5 });
    });
  });
  it('starts on the last good manifest the entry already read, without reading storage again', async () => {
    const { all } = options(null);
    const storage = all.storage;
    if (storage === undefined) throw new Error('the options give a storage');
    const reads = vi.spyOn(storage, 'getItem');
    const entryRead = { manifest: bankFirst, source: 'cached' as const, version: 4 };
    const chosen = await manifestForThisLoad(
      { state: 'pending', promise: new Promise<PublishedAnswer>(() => undefined), lastGood: entryRead },
      all,
    );
    expect(chosen).toBe(entryRead);
    expect(reads).not.toHaveBeenCalled();
  });
});
