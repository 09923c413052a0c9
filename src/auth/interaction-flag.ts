import type { Logger } from '../logging/logger.ts';

/** SPEC 4: set before login, logout and popup flows, cleared after; one value per browser tab. */
export const INTERACTION_FLAG_KEY = 'interaction-in-progress';

type InteractionKind = 'login' | 'logout' | 'popup';

export type InteractionFlag = {
  set(kind: InteractionKind): void;
  /** The flow in progress, or null. */
  get(): InteractionKind | null;
  clear(): void;
};

function isKind(value: string | null): value is InteractionKind {
  return value === 'login' || value === 'logout' || value === 'popup';
}

/** Kept in session storage so it survives the redirect to the identity provider and back. */
export function createInteractionFlag(storage: Storage | null, logger: Logger): InteractionFlag {
  let memory: InteractionKind | null = null;
  return {
    set(kind) {
      memory = kind;
      try {
        storage?.setItem(INTERACTION_FLAG_KEY, kind);
      } catch (error) {
        logger.warn('Could not store the interaction flag', error);
      }
    },
    get() {
      try {
        const stored = storage?.getItem(INTERACTION_FLAG_KEY) ?? null;
        if (storage) return isKind(stored) ? stored : null;
      } catch (error) {
        logger.warn('Could not read the interaction flag', error);
      }
      return memory;
    },
    clear() {
      memory = null;
      try {
        storage?.removeItem(INTERACTION_FLAG_KEY);
      } catch (error) {
        logger.warn('Could not clear the interaction flag', error);
      }
    },
  };
}
