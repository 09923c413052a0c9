import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogLevelName } from '../logging/logger.ts';
import { createLogger } from '../logging/logger.ts';
import { decodeToken, expiresWithin, getTokenExpiry, isTokenActive, minutesRemaining } from './token.ts';
import { base64UrlEncode, makeToken } from './token-test-utils.ts';

function recordingLogger() {
  const entries: { level: LogLevelName; message: string }[] = [];
  const log = createLogger({ minLevel: 1, sink: (level, message) => entries.push({ level, message }) });
  return { log, entries };
}

const silent = createLogger({ sink: () => {} });

const jsonObject = fc
  .dictionary(fc.string(), fc.jsonValue())
  .map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>);

describe('decodeToken', () => {
  it('decodes a well-formed token', () => {
    expect(decodeToken(makeToken({ sub: 'a', exp: 10 }), silent)).toEqual({ sub: 'a', exp: 10 });
  });

  it('logs "Failed to decode token" at error level and returns null', () => {
    const { log, entries } = recordingLogger();
    expect(decodeToken('not-a-token', log)).toBeNull();
    expect(entries).toEqual([{ level: 'error', message: 'Failed to decode token' }]);
  });

  it('treats an absent token as null without logging', () => {
    const { log, entries } = recordingLogger();
    expect(decodeToken(null, log)).toBeNull();
    expect(decodeToken(undefined, log)).toBeNull();
    expect(decodeToken('', log)).toBeNull();
    expect(entries).toEqual([]);
  });

  it.each([
    ['a number', 42],
    ['an object', { exp: 1 }],
    ['two parts', 'aaa.bbb'],
    ['four parts', `${makeToken({ exp: 1 })}.x`],
    ['an empty header', `.${base64UrlEncode('{}')}.sig`],
    ['an empty signature', `h.${base64UrlEncode('{}')}.`],
    ['a payload that is not base64url', 'h.e30*.sig'],
    ['standard base64 characters', `h.${Buffer.from('{"a":"??>"}').toString('base64')}.sig`],
    ['a payload that is not JSON', `h.${base64UrlEncode('hello')}.sig`],
    ['a JSON array payload', `h.${base64UrlEncode('[1]')}.sig`],
    ['a JSON null payload', `h.${base64UrlEncode('null')}.sig`],
    ['a JSON string payload', `h.${base64UrlEncode('"x"')}.sig`],
    ['invalid UTF-8', `h.${Buffer.from([0xff, 0xfe, 0x7b, 0x7d]).toString('base64url')}.sig`],
    ['wrong padding', `h.e30==.sig`],
  ])('rejects %s', (_name, value) => {
    expect(decodeToken(value, silent)).toBeNull();
  });

  it('accepts correctly padded base64url', () => {
    expect(decodeToken(`h.${base64UrlEncode('{"a":1}')}==.sig`, silent)).toEqual({ a: 1 });
  });

  it('property: never throws for any value, and any string', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything({ maxDepth: 2 }), fc.string(), fc.string({ unit: 'binary' })),
        (value) => {
          expect(() => decodeToken(value, silent)).not.toThrow();
          expect(() => getTokenExpiry(value, silent)).not.toThrow();
          expect(() => minutesRemaining(value, 0, silent)).not.toThrow();
        },
      ),
    );
  });

  it('property: strings made of three base64url-looking parts never throw', () => {
    const part = fc.stringMatching(/^[A-Za-z0-9_=-]{0,12}$/);
    fc.assert(
      fc.property(part, part, part, (a, b, c) => {
        const result = decodeToken(`${a}.${b}.${c}`, silent);
        expect(result === null || (typeof result === 'object' && !Array.isArray(result))).toBe(true);
      }),
    );
  });

  it('property: any JSON object round-trips through a well-formed token', () => {
    fc.assert(
      fc.property(jsonObject, (payload) => {
        expect(decodeToken(makeToken(payload), silent)).toEqual(payload);
      }),
    );
  });

  it('property: mutated tokens are rejected', () => {
    const mutation = fc.constantFrom(
      (t: string) => t.replace('.', ''),
      (t: string) => `${t}.extra`,
      (t: string) => t.split('.').slice(0, 2).join('.'),
      (t: string) => t.replace(/\.[^.]*$/, '.'),
      (t: string) => t.replace(/^[^.]*/, ''),
      (t: string) => {
        const [h, p, s] = t.split('.');
        return `${h}.${p}!.${s}`;
      },
      (t: string) => {
        const [h, p, s] = t.split('.');
        return `${h}.${p}${'A'.repeat((p?.length ?? 0) % 4 === 0 ? 1 : 5 - ((p?.length ?? 0) % 4))}.${s}`;
      },
      (t: string) => {
        const [h, , s] = t.split('.');
        return `${h}.${base64UrlEncode(JSON.stringify([1, 2]))}.${s}`;
      },
      (t: string) => {
        const [h, p, s] = t.split('.');
        return `${h}.${base64UrlEncode(`{${p}`)}.${s}`;
      },
    );
    fc.assert(
      fc.property(jsonObject, mutation, (payload, mutate) => {
        expect(decodeToken(mutate(makeToken(payload)), silent)).toBeNull();
      }),
    );
  });
});

describe('expiry', () => {
  const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads exp in seconds, 0 for invalid or missing exp', () => {
    expect(getTokenExpiry(makeToken({ exp: 123 }), silent)).toBe(123);
    expect(getTokenExpiry(makeToken({ exp: '123' }), silent)).toBe(0);
    expect(getTokenExpiry(makeToken({}), silent)).toBe(0);
    expect(getTokenExpiry('garbage', silent)).toBe(0);
  });

  it('is inactive when exp is exactly now, active one second before', () => {
    const exp = NOW / 1000;
    const token = makeToken({ exp });
    expect(isTokenActive(token, Date.now(), silent)).toBe(false);
    vi.setSystemTime(NOW - 1);
    expect(isTokenActive(token, Date.now(), silent)).toBe(true);
    vi.setSystemTime(NOW + 1);
    expect(isTokenActive(token, Date.now(), silent)).toBe(false);
  });

  it('uses the current time by default', () => {
    const token = makeToken({ exp: NOW / 1000 + 60 });
    expect(isTokenActive(token)).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(isTokenActive(token)).toBe(false);
  });

  it('an invalid token is never active', () => {
    expect(isTokenActive('x.y.z', NOW, silent)).toBe(false);
    expect(isTokenActive(undefined, NOW, silent)).toBe(false);
  });

  it('minutes remaining round down and never go below 0', () => {
    const token = makeToken({ exp: NOW / 1000 + 10 * 60 });
    expect(minutesRemaining(token, NOW, silent)).toBe(10);
    expect(minutesRemaining(token, NOW + 30_000, silent)).toBe(9);
    expect(minutesRemaining(token, NOW + 10 * 60_000, silent)).toBe(0);
    expect(minutesRemaining(token, NOW + 60 * 60_000, silent)).toBe(0);
    expect(minutesRemaining('garbage', NOW, silent)).toBe(0);
  });

  it('property: minutes remaining is never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 4e12 }), (exp, now) => {
        expect(minutesRemaining(makeToken({ exp }), now, silent)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('expiresWithin is strict at the buffer boundary', () => {
    const token = makeToken({ exp: NOW / 1000 + 5 * 60 });
    expect(expiresWithin(token, 5 * 60_000, NOW, silent)).toBe(false);
    expect(expiresWithin(token, 5 * 60_000, NOW + 1, silent)).toBe(true);
    expect(expiresWithin('garbage', 1, NOW, silent)).toBe(true);
  });
});
