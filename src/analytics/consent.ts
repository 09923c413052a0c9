import type { Logger } from '../logging/logger.ts';

type ConsentCategory = 'necessary' | 'functional' | 'analytics' | 'marketing';

type ConsentState = Readonly<Record<ConsentCategory, boolean>>;

const CONSENT_STORAGE_KEY = 'consent';

const NOTHING_BUT_NECESSARY: ConsentState = {
  necessary: true,
  functional: false,
  analytics: false,
  marketing: false,
};

export type ConsentStore = {
  get(): ConsentState;
  /** Records the person's choice; `necessary` stays true whatever is passed. */
  set(choice: Partial<Record<ConsentCategory, boolean>>): void;
  granted(category: ConsentCategory): boolean;
};

/** The consent choice kept in local storage; necessary is always granted, the rest only when chosen. */
export function createConsentStore(storage: Storage | null, logger: Logger): ConsentStore {
  function get(): ConsentState {
    let raw: string | null = null;
    try {
      raw = storage?.getItem(CONSENT_STORAGE_KEY) ?? null;
    } catch (error) {
      logger.warn('Could not read the consent choice', error);
    }
    if (raw === null) return NOTHING_BUT_NECESSARY;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null) return NOTHING_BUT_NECESSARY;
      const record = parsed as Partial<Record<ConsentCategory, unknown>>;
      return {
        necessary: true,
        functional: record.functional === true,
        analytics: record.analytics === true,
        marketing: record.marketing === true,
      };
    } catch {
      logger.warn('Ignoring a consent choice that is not JSON');
      return NOTHING_BUT_NECESSARY;
    }
  }
  return {
    get,
    set(choice) {
      const next: ConsentState = { ...get(), ...choice, necessary: true };
      try {
        storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(next));
      } catch (error) {
        logger.warn('Could not store the consent choice', error);
      }
    },
    granted: (category) => get()[category],
  };
}
