import { createContext, use } from 'react';
import type { ChoosableCategory, ConsentStore } from './consent.ts';

export type ConsentControls = {
  store: ConsentStore;
  /** The categories this portal asks about: those of the manifest's scripts that are enabled, in the banner's order. */
  categories: readonly ChoosableCategory[];
  /** Shows the consent panel again (the user menu's entry). */
  open: () => void;
};

/** Null when the portal has no script to ask consent for (then there is no banner and no menu entry). */
export const ConsentContext = createContext<ConsentControls | null>(null);

export function useConsentControls(): ConsentControls | null {
  return use(ConsentContext);
}
