// SPEC 4 and 5 token rules at their edges: what counts as a token, what is logged, and the claims read.
import { describe, expect, it } from 'vitest';
import type { LogLevelName } from '../logging/logger.ts';
import { createLogger } from '../logging/logger.ts';
import { decodeToken, getTokenExpiry, getTokenIssuedAt } from './token.ts';
import { makeToken } from './token-test-utils.ts';

function recordingLogger() {
  const entries: { level: LogLevelName; message: string }[] = [];
  const log = createLogger({ minLevel: 1, sink: (level, message) => entries.push({ level, message }) });
  return { log, entries };
}

const part = (bytes: readonly number[]) => Buffer.from(bytes).toString('base64url');
const withPayload = (payloadPart: string) => `eyJhbGciOiJIUzI1NiJ9.${payloadPart}.c2ln`;

describe('what decodes as a token', () => {
  it('a valid token is decoded without logging anything', () => {
    const { log, entries } = recordingLogger();
    expect(decodeToken(makeToken({ sub: '7', exp: 10 }), log)).toEqual({ sub: '7', exp: 10 });
    expect(entries).toEqual([]);
  });

  it.each([
    ['a number', 42],
    ['an object', { token: 'x' }],
    ['two parts', 'a.b'],
    ['an empty part', 'a..c'],
    ['a payload that is not base64url', withPayload('e30*')],
    ['a payload of impossible length', withPayload('e30ab')],
    ['wrong padding', withPayload('e30==')],
    ['bytes that are not UTF-8', withPayload(part([0xff, 0xfe, 0x7b, 0x7d]))],
    ['a payload that is not JSON', withPayload(part([...Buffer.from('{"sub":')]))],
    ['a JSON array', withPayload(part([...Buffer.from('[1,2]')]))],
    ['JSON null', withPayload(part([...Buffer.from('null')]))],
    ['a JSON number', withPayload(part([...Buffer.from('12')]))],
  ])('%s is no token, and the failure is logged as SPEC 8 words it', (_label, value) => {
    const { log, entries } = recordingLogger();
    expect(decodeToken(value, log)).toBeNull();
    expect(entries).toEqual([{ level: 'error', message: 'Failed to decode token' }]);
  });

  it('accepts base64url with exact padding', () => {
    const padded = Buffer.from('{"a":1}').toString('base64'); // "eyJhIjoxfQ==" in standard base64
    expect(padded.endsWith('==')).toBe(true);
    expect(decodeToken(withPayload(padded), createLogger({ sink: () => {} }))).toEqual({ a: 1 });
  });
});

describe('claims', () => {
  const silent = createLogger({ sink: () => {} });

  it('reads exp only when it is a finite number of seconds', () => {
    expect(getTokenExpiry(makeToken({ exp: 1_800_000_000 }), silent)).toBe(1_800_000_000);
    expect(getTokenExpiry(makeToken({ exp: '1800000000' }), silent)).toBe(0);
    expect(getTokenExpiry(makeToken({}), silent)).toBe(0);
  });

  it('reads iat (for the clock-skew correction) only when it is a finite number', () => {
    expect(getTokenIssuedAt(makeToken({ iat: 1_700_000_000 }), silent)).toBe(1_700_000_000);
    expect(getTokenIssuedAt(makeToken({ iat: '1700000000' }), silent)).toBeNull();
    expect(getTokenIssuedAt(makeToken({}), silent)).toBeNull();
    expect(getTokenIssuedAt('garbage', silent)).toBeNull();
  });
});
