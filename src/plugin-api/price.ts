import { useCallback } from 'react';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { useConstant } from './hooks.ts';

/** The manifest's `constants.smartOffer`: the SPEC 9 prices and the offer they apply to. */
export type SmartOfferPricing = PortalConfig['constants']['smartOffer'];

/**
 * SPEC 9: the smart offer costs the default price, or the alternative one for the account numbers the
 * manifest lists (comma-separated, spaces ignored, whole numbers only).
 */
export function smartOfferPrice(
  pricing: Omit<SmartOfferPricing, 'offerCode'>,
  accountNumber: string | undefined,
): number {
  if (pricing.alternativePrice === null || accountNumber === undefined) return pricing.defaultPrice;
  const listed = pricing.alternativeAccountNumbers
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return listed.includes(accountNumber.trim()) ? pricing.alternativePrice : pricing.defaultPrice;
}

/** The monthly price of an offer for a folder: SPEC 9's for the smart offer, the catalogue's for the others. */
export function offerPrice(
  offer: { offerCode: string; monthlyPrice: number },
  pricing: SmartOfferPricing,
  accountNumber: string | undefined,
): number {
  if (pricing.offerCode === undefined || offer.offerCode !== pricing.offerCode) return offer.monthlyPrice;
  return smartOfferPrice(pricing, accountNumber);
}

/**
 * The price rule bound to the manifest's constant. `price(accountNumber)` is the smart offer's;
 * `price(accountNumber, offer)` an offer's from the catalogue.
 *
 * @example
 * const price = useOfferPrice();
 * formatMoney(price(selected?.entity.accountNumber), language);
 */
export function useOfferPrice(): {
  price: (accountNumber: string | undefined, offer?: { offerCode: string; monthlyPrice: number }) => number;
  smartOfferCode: string | undefined;
} {
  const pricing = useConstant('smartOffer');
  const price = useCallback(
    (accountNumber: string | undefined, offer?: { offerCode: string; monthlyPrice: number }) =>
      offer === undefined
        ? smartOfferPrice(pricing, accountNumber)
        : offerPrice(offer, pricing, accountNumber),
    [pricing],
  );
  return { price, smartOfferCode: pricing.offerCode };
}
