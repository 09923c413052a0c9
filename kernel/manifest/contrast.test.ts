import { describe, expect, it } from 'vitest';
import { WCAG_AA_TEXT, WHITE, contrastRatio, relativeLuminance } from './contrast.ts';

describe('WCAG contrast of the firm colour', () => {
  it('gives the known ratios: black on white 21:1, a colour with itself 1:1, #767676 on white 4.54:1', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio('#3b5bdb', '#3b5bdb')).toBe(1);
    expect(contrastRatio('#767676', WHITE)).toBeCloseTo(4.54, 2);
    // The order of the two colours does not matter.
    expect(contrastRatio(WHITE, '#767676')).toBe(contrastRatio('#767676', WHITE));
  });

  it('passes a dark blue and fails a light one against white text (AA, 4.5:1)', () => {
    expect(contrastRatio('#3b5bdb', WHITE)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(contrastRatio('#4c6ef5', WHITE)).toBeLessThan(WCAG_AA_TEXT);
    // Upper- and lower-case hex read the same.
    expect(relativeLuminance('#4C6EF5')).toBe(relativeLuminance('#4c6ef5'));
  });

  it('refuses what is not #rrggbb', () => {
    expect(() => relativeLuminance('indigo')).toThrow('not a #rrggbb colour');
    expect(() => relativeLuminance('#fff')).toThrow('not a #rrggbb colour');
  });
});
