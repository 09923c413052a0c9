// Knows when a newer build of the portal is published: the served index.html names another entry script
// than the one this tab runs. Checked on navigation and when the tab regains focus, with a conditional
// request (the browser revalidates with the ETag; an unchanged page costs a 304), at most once per
// interval. No React: the hook and the tests use the same store.

export type VersionWatch = {
  /**
   * Asks the server now, unless asked less than the interval ago (`force`: a chunk just failed to load,
   * ask anyway); resolves to whether a newer build is out.
   */
  check: (options?: { force?: boolean }) => Promise<boolean>;
  /** Whether a newer build is known to be published. */
  getSnapshot: () => boolean;
  subscribe: (listener: () => void) => () => void;
};

export type VersionWatchOptions = {
  /** The entry script this tab runs (the module script of the loaded index.html); null: never newer. */
  currentEntry: string | null;
  /** The address of the published index.html. */
  indexUrl: string;
  fetchFn?: typeof fetch;
  minIntervalMs?: number;
  now?: () => number;
};

const MODULE_SCRIPT = /<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/i;

/** The entry module script named by an index.html, as a path; null when there is none. */
export function entryScriptOf(html: string, base = 'http://portal.invalid/'): string | null {
  const match =
    MODULE_SCRIPT.exec(html) ?? /<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*\btype=["']module["']/i.exec(html);
  return match?.[1] === undefined ? null : new URL(match[1], base).pathname;
}

export function createVersionWatch(options: VersionWatchOptions): VersionWatch {
  const { currentEntry, indexUrl, minIntervalMs = 10_000, now = Date.now } = options;
  const listeners = new Set<() => void>();
  let newer = false;
  let lastAsked = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<boolean> | null = null;

  const ask = async (): Promise<boolean> => {
    const fetchFn = options.fetchFn ?? fetch;
    try {
      const response = await fetchFn(indexUrl, { cache: 'no-cache', headers: { Accept: 'text/html' } });
      if (!response.ok) return newer;
      const served = entryScriptOf(await response.text());
      if (served !== null && currentEntry !== null && served !== currentEntry && !newer) {
        newer = true;
        for (const listener of listeners) listener();
      }
    } catch {
      // Offline or the server is away: nothing learnt; the connectivity banner says the rest.
    }
    return newer;
  };

  return {
    check: ({ force = false } = {}) => {
      if (newer || currentEntry === null) return Promise.resolve(newer);
      if (inFlight !== null) return inFlight;
      if (!force && now() - lastAsked < minIntervalMs) return Promise.resolve(newer);
      lastAsked = now();
      inFlight = ask().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    getSnapshot: () => newer,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let browserWatch: VersionWatch | null = null;

/** The tab's watch: compares with the module script of the document this tab loaded. */
export function browserVersionWatch(): VersionWatch {
  if (browserWatch === null) {
    const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
    browserWatch = createVersionWatch({
      currentEntry: script === null ? null : new URL(script.src, window.location.href).pathname,
      indexUrl: new URL(import.meta.env.BASE_URL, window.location.origin).toString(),
    });
  }
  return browserWatch;
}
