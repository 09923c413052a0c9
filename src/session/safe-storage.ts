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

function openBrowserStorage(
  kind: 'session' | 'local',
  target: Window | undefined,
  log: Logger,
): Storage | null {
  try {
    // The getter itself throws a SecurityError when storage is blocked (cookies disabled, sandboxed frame).
    const storage = kind === 'local' ? target?.localStorage : target?.sessionStorage;
    if (storage) return storage;
    log.warn('Storage unavailable, keeping values in memory', { kind });
  } catch (error) {
    log.warn('Storage unavailable, keeping values in memory', { kind, error });
  }
  return null;
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
