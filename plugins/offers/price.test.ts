import { describe, expect, it } from 'vitest';
import { offerPrice } from './price.ts';

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
