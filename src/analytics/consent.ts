import type { Logger } from '../logging/logger.ts';

/**
 * The categories a person chooses (issue 15, the consent tool of SPEC 7); `necessary` is never asked.
 * The order is the banner's.
 */
export const CONSENT_CATEGORIES = ['analytics', 'chat', 'productTour', 'singleSignOn'] as const;

export type ChoosableCategory = (typeof CONSENT_CATEGORIES)[number];
type ConsentCategory = 'necessary' | ChoosableCategory;

export type ConsentChoice = Readonly<Record<ChoosableCategory, boolean>>;

type ConsentState = {
  /** The person has chosen (accept all, refuse all or per category); the banner is not shown again. */
  decided: boolean;
  choice: ConsentChoice;
};

export const CONSENT_STORAGE_KEY = 'consent';

const NOTHING: ConsentChoice = { analytics: false, chat: false, productTour: false, singleSignOn: false };

export type ConsentStore = {
  get(): ConsentState;
  /** Records the person's choice (categories not named keep their value) and tells the listeners. */
  set(choice: Partial<ConsentChoice>): void;
  granted(category: ConsentCategory): boolean;
  /** Called after each change of choice; returns the unsubscribe function. */
  subscribe(listener: (state: ConsentState) => void): () => void;
};

/** The choice kept in local storage; nothing but the necessary is granted until the person chooses. */
export function createConsentStore(storage: Storage | null, logger: Logger): ConsentStore {
  const listeners = new Set<(state: ConsentState) => void>();

  function get(): ConsentState {
    let raw: string | null = null;
    try {
      raw = storage?.getItem(CONSENT_STORAGE_KEY) ?? null;
    } catch (error) {
      logger.warn('Could not read the consent choice', error);
    }
    if (raw === null) return { decided: false, choice: NOTHING };
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null) return { decided: false, choice: NOTHING };
      const record = parsed as Partial<Record<ChoosableCategory, unknown>>;
      const choice = Object.fromEntries(
        CONSENT_CATEGORIES.map((category) => [category, record[category] === true]),
      ) as Record<ChoosableCategory, boolean>;
      return { decided: true, choice };
    } catch {
      logger.warn('Ignoring a consent choice that is not JSON');
      return { decided: false, choice: NOTHING };
    }
  }

  return {
    get,
    set(choice) {
      const known = Object.fromEntries(
        CONSENT_CATEGORIES.flatMap((category) =>
          choice[category] === undefined ? [] : [[category, choice[category]]],
        ),
      );
      const next: ConsentChoice = { ...get().choice, ...known };
      try {
        storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(next));
      } catch (error) {
        logger.warn('Could not store the consent choice', error);
      }
      const state: ConsentState = { decided: true, choice: next };
      for (const listener of listeners) listener(state);
    },
    granted: (category) => category === 'necessary' || get().choice[category],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
