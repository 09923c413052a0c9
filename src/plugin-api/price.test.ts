import { describe, expect, it } from 'vitest';
import { offerPrice, smartOfferPrice } from './price.ts';

const pricing = {
  defaultPrice: 30,
  alternativePrice: 19,
  alternativeAccountNumbers: 'C-1002, C-1004',
  offerCode: 'CLARITY',
};
const clarity = { offerCode: 'CLARITY', monthlyPrice: 99 };

describe('offer price', () => {
  it('gives the smart offer its SPEC 9 price, not the catalogue’s', () => {
    expect(offerPrice(clarity, pricing, 'C-1001')).toBe(30);
    expect(offerPrice(clarity, pricing, 'C-1004')).toBe(19);
    expect(offerPrice(clarity, pricing, undefined)).toBe(30);
    expect(offerPrice(clarity, { ...pricing, alternativePrice: null }, 'C-1004')).toBe(30);
  });

  it('leaves other offers at the catalogue price', () => {
    expect(offerPrice({ offerCode: 'PAYROLL', monthlyPrice: 25 }, pricing, 'C-1004')).toBe(25);
  });
});

describe('smart offer price (SPEC 9)', () => {
  const pricing = { defaultPrice: 30, alternativePrice: 20, alternativeAccountNumbers: 'C-1002, C-1004' };

  it('is the default price for an account not listed', () => {
    expect(smartOfferPrice(pricing, 'C-1001')).toBe(30);
  });
  it('is the alternative price for a listed account number, spaces ignored', () => {
    expect(smartOfferPrice(pricing, 'C-1002')).toBe(20);
    expect(smartOfferPrice(pricing, 'C-1004')).toBe(20);
  });
  it('is the default price when no alternative price is configured', () => {
    expect(smartOfferPrice({ ...pricing, alternativePrice: null }, 'C-1002')).toBe(30);
  });
  it('does not match an empty list or a partial number', () => {
    expect(smartOfferPrice({ ...pricing, alternativeAccountNumbers: '' }, '')).toBe(30);
    expect(smartOfferPrice(pricing, 'C-100')).toBe(30);
  });
});
