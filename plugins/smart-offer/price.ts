/** The manifest's `constants.smartOffer`. */
export type SmartOfferPricing = {
  defaultPrice: number;
  alternativePrice: number | null;
  /** Comma-separated account numbers that get the alternative price. */
  alternativeAccountNumbers: string;
};

/** SPEC 9: 30 by default; the configured alternative price for the configured account numbers. */
export function smartOfferPrice(pricing: SmartOfferPricing, accountNumber: string | undefined): number {
  if (pricing.alternativePrice === null || accountNumber === undefined) return pricing.defaultPrice;
  const listed = pricing.alternativeAccountNumbers
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return listed.includes(accountNumber.trim()) ? pricing.alternativePrice : pricing.defaultPrice;
}
