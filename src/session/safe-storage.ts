import type { Logger } from '../logging/logger.ts';

export type StorageKind = 'session' | 'local' | 'memory';

/** Web storage that never throws: failures are logged and the store continues in memory. */
export type SafeStorage = {
  /** The kind actually in use: 'memory' once the chosen storage has failed. */
  kind(): StorageKind;
  /** The browser Storage in use, or null in memory; lets callers match `storage` events. */
  area(): Storage | null;
  read(key: string): string | null;
  write(key: string, value: string): void;
  remove(key: string): void;
};

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function createMemoryStorage(): StorageLike {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/**
 * The browser's local or session storage, or null where it is blocked (cookies disabled, sandboxed
 * frame: the getter itself throws a SecurityError) or absent (no window). The one place that reads them.
 */
export function browserStorage(
  kind: 'session' | 'local',
  target: Window | undefined = typeof window === 'undefined' ? undefined : window,
): Storage | null {
  try {
    return (kind === 'local' ? target?.localStorage : target?.sessionStorage) ?? null;
  } catch {
    return null;
  }
}

function openBrowserStorage(
  kind: 'session' | 'local',
  target: Window | undefined,
  log: Logger,
): Storage | null {
  const storage = browserStorage(kind, target);
  if (!storage) log.warn('Storage unavailable, keeping values in memory', { kind });
  return storage;
}

export function createSafeStorage(
  kind: StorageKind,
  log: Logger,
  target: Window | undefined = typeof window === 'undefined' ? undefined : window,
): SafeStorage {
  let browser = kind === 'memory' ? null : openBrowserStorage(kind, target, log);
  const memory = createMemoryStorage();

  function fallBack(operation: string, key: string, error: unknown): void {
    log.error(`Storage ${operation} failed, keeping values in memory`, { kind, key, error });
    browser = null;
  }

  return {
    kind: () => (browser ? kind : 'memory'),
    area: () => browser,
    read(key) {
      if (browser) {
        try {
          return browser.getItem(key);
        } catch (error) {
          fallBack('read', key, error);
        }
      }
      return memory.getItem(key);
    },
    write(key, value) {
      if (browser) {
        try {
          browser.setItem(key, value);
          return;
        } catch (error) {
          fallBack('write', key, error);
        }
      }
      memory.setItem(key, value);
    },
    remove(key) {
      memory.removeItem(key);
      if (browser) {
        try {
          browser.removeItem(key);
        } catch (error) {
          fallBack('removal', key, error);
        }
      }
    },
  };
}
