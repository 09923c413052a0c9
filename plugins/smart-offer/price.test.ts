import { describe, expect, it } from 'vitest';
import { smartOfferPrice } from './price.ts';

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
