import { describe, expect, it } from 'vitest';
import { permissionCodes } from './permission-codes.ts';

describe('permission codes of an answer', () => {
  it('keeps the string codes of a list', () => {
    expect(permissionCodes(['CLBANK001', 'CLKPI0001'])).toEqual(['CLBANK001', 'CLKPI0001']);
  });

  it('grants nothing for a null, object, string or mixed answer (deny by default)', () => {
    expect(permissionCodes(null)).toEqual([]);
    expect(permissionCodes(undefined)).toEqual([]);
    expect(permissionCodes({ CLBANK001: true })).toEqual([]);
    expect(permissionCodes('CLBANK001')).toEqual([]);
    expect(permissionCodes(['CLBANK001', 1, null, '', { code: 'x' }])).toEqual(['CLBANK001']);
  });
});
