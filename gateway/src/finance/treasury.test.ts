import { describe, expect, it } from 'vitest';
import { isStale, monthEnd, STALE_AFTER_DAYS } from './treasury.ts';

describe('the treasury’s day', () => {
  it('is stale only when more than two whole days old, whatever the hour', () => {
    expect(STALE_AFTER_DAYS).toBe(2);
    expect(isStale('2026-11-02', new Date('2026-11-02T23:59:00Z'))).toBe(false);
    expect(isStale('2026-11-02', new Date('2026-11-04T23:59:00Z'))).toBe(false);
    expect(isStale('2026-11-02', new Date('2026-11-05T00:01:00Z'))).toBe(true);
  });

  it('ends a month on its last day, February of a leap year included', () => {
    expect(monthEnd('2025-12')).toBe('2025-12-31');
    expect(monthEnd('2028-02')).toBe('2028-02-29');
    expect(monthEnd('2026-11')).toBe('2026-11-30');
  });
});
