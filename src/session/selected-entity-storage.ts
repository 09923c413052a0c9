import type { Logger } from '../logging/logger.ts';
import { logger as sharedLogger } from '../logging/logger.ts';
import type { StorageKind } from './safe-storage.ts';
import { createSafeStorage } from './safe-storage.ts';

export type SelectedEntityStore = {
  /** The persisted entity id, or null when absent or not an integer. */
  get(): number | null;
  set(entityId: number): void;
  clear(): void;
};

export type SelectedEntityStoreOptions = {
  key: string;
  logger?: Logger;
  /** SPEC section 3 keeps the selected entity in local storage; overridable for tests only. */
  kind?: StorageKind;
  window?: Window;
};

const INTEGER = /^-?\d+$/;

export function parseEntityId(raw: string | null): number | null {
  if (raw === null) return null;
  const trimmed = raw.trim();
  if (!INTEGER.test(trimmed)) return null;
  const id = Number(trimmed);
  return Number.isSafeInteger(id) ? id : null;
}

export function createSelectedEntityStore(options: SelectedEntityStoreOptions): SelectedEntityStore {
  const log = options.logger ?? sharedLogger;
  const storage = createSafeStorage(
    options.kind ?? 'local',
    log,
    options.window ?? (typeof window === 'undefined' ? undefined : window),
  );
  const { key } = options;

  return {
    get() {
      const raw = storage.read(key);
      const id = parseEntityId(raw);
      if (raw !== null && id === null)
        log.warn('Ignoring a stored selected entity that is not a number', { key });
      return id;
    },
    set(entityId) {
      if (!Number.isSafeInteger(entityId)) {
        log.error('Refusing to store a selected entity id that is not an integer', { entityId });
        return;
      }
      storage.write(key, String(entityId));
    },
    clear() {
      storage.remove(key);
    },
  };
}
