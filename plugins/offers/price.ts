/** The manifest's `constants.smartOffer`. */
export type SmartOfferPricing = {
  defaultPrice: number;
  alternativePrice: number | null;
  alternativeAccountNumbers: string;
  offerCode?: string;
};

/**
 * The monthly price of an offer for a folder. The smart offer follows SPEC 9 (the default price, or the
 * alternative one for the listed account numbers); every other offer has the catalogue's price. The
 * smart-offer plugin's widget applies the same rule: plugins share no code, so it is written in each.
 */
export function offerPrice(
  offer: { offerCode: string; monthlyPrice: number },
  pricing: SmartOfferPricing,
  accountNumber: string | undefined,
): number {
  if (pricing.offerCode === undefined || offer.offerCode !== pricing.offerCode) return offer.monthlyPrice;
  if (pricing.alternativePrice === null || accountNumber === undefined) return pricing.defaultPrice;
  const listed = pricing.alternativeAccountNumbers
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return listed.includes(accountNumber.trim()) ? pricing.alternativePrice : pricing.defaultPrice;
}
