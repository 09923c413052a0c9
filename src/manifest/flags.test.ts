import { describe, expect, it } from 'vitest';
import { readFeatureFlags } from './flags.ts';

describe('readFeatureFlags', () => {
  const config = {
    featureFlags: { booking: { env: 'VITE_FF_BOOKING' }, analytics: { env: 'VITE_FF_ANALYTICS' } },
  };

  it('turns a flag on only for the exact string "true"', () => {
    for (const value of ['TRUE', 'True', '1', 'yes', ' true', '', undefined, true]) {
      expect(readFeatureFlags(config, { VITE_FF_BOOKING: value }).booking).toBe(false);
    }
    expect(readFeatureFlags(config, { VITE_FF_BOOKING: 'true' })).toEqual({
      booking: true,
      analytics: false,
    });
  });
});
