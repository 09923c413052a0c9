import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogLevelName } from './logger.ts';
import { createLogger, logger, maskSecrets, maskSecretsInString, setLogLevel } from './logger.ts';

type Entry = { level: LogLevelName; message: string; details: readonly unknown[] };

function recordingLogger(minLevel?: 1 | 2 | 3 | 4 | 5) {
  const entries: Entry[] = [];
  const log = createLogger({
    ...(minLevel === undefined ? {} : { minLevel }),
    sink: (level, message, details) => entries.push({ level, message, details }),
  });
  return { log, entries };
}

describe('createLogger levels', () => {
  it('keeps only errors by default (minimum level 5)', () => {
    const { log, entries } = recordingLogger();
    log.trace('t');
    // The logger's own level, not Testing Library's debug().
    // eslint-disable-next-line testing-library/no-debugging-utils
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    expect(entries.map((e) => e.level)).toEqual(['error']);
  });

  it('keeps every message at or above the minimum level', () => {
    const { log, entries } = recordingLogger(3);
    log.trace('t');
    // The logger's own level, not Testing Library's debug().
    // eslint-disable-next-line testing-library/no-debugging-utils
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    expect(entries.map((e) => e.message)).toEqual(['i', 'w', 'e']);
  });

  it('keeps everything at level 1 and can be changed later', () => {
    const { log, entries } = recordingLogger(1);
    log.trace('t', 1, 2);
    expect(entries).toEqual([{ level: 'trace', message: 't', details: [1, 2] }]);
    log.setMinLevel(4);
    log.info('dropped');
    expect(entries).toHaveLength(1);
    expect(log.getMinLevel()).toBe(4);
  });

  it('writes to the console by default', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const log = createLogger({ minLevel: 1 });
    log.error('boom', { password: 'x' });
    log.trace('trace goes to debug');
    expect(error).toHaveBeenCalledWith('boom', { password: '***' });
    expect(debug).toHaveBeenCalledWith('trace goes to debug');
    error.mockRestore();
    debug.mockRestore();
  });

  it('never throws when the sink throws', () => {
    const log = createLogger({
      sink: () => {
        throw new Error('sink down');
      },
    });
    expect(() => log.error('x')).not.toThrow();
  });
});

describe('masking', () => {
  it('masks secret keys deeply in objects, arrays and maps', () => {
    const masked = maskSecrets({
      email: 'a@b.c',
      password: 'hunter2',
      nested: { newPassword: 'p', pwd: 'p', clientSecret: 's', accessToken: 't', keep: 'v' },
      list: [{ Password: 'p', id: 1 }],
      map: new Map<string, unknown>([
        ['token', 'abc'],
        ['other', { secret: 's' }],
      ]),
    });
    expect(masked).toEqual({
      email: 'a@b.c',
      password: '***',
      nested: { newPassword: '***', pwd: '***', clientSecret: '***', accessToken: '***', keep: 'v' },
      list: [{ Password: '***', id: 1 }],
      map: new Map<string, unknown>([
        ['token', '***'],
        ['other', { secret: '***' }],
      ]),
    });
  });

  it('does not mutate what it masks', () => {
    const input = { password: 'hunter2' };
    maskSecrets(input);
    expect(input.password).toBe('hunter2');
  });

  it('is cycle safe and keeps shared references that are not cycles', () => {
    const shared = { password: 'p' };
    const cyclic: Record<string, unknown> = { a: shared, b: shared };
    cyclic['self'] = cyclic;
    expect(maskSecrets(cyclic)).toEqual({
      a: { password: '***' },
      b: { password: '***' },
      self: '[Circular]',
    });
  });

  it('masks password values in strings', () => {
    expect(maskSecretsInString('POST login?email=a@b.c&password=hunter2&x=1')).toBe(
      'POST login?email=a@b.c&password=***&x=1',
    );
    expect(maskSecretsInString('body {"email":"a","password":"hun\\"ter2"}')).toBe(
      'body {"email":"a","password":"***"}',
    );
    expect(maskSecretsInString('pwd=abc secret=def')).toBe('pwd=*** secret=***');
  });

  it('masks errors: message, stack and own properties', () => {
    const error = Object.assign(new Error('failed with password=hunter2'), { token: 'abc' });
    const masked = maskSecrets(error) as Record<string, unknown>;
    expect(masked['message']).toBe('failed with password=***');
    expect(masked['token']).toBe('***');
    expect(JSON.stringify(masked)).not.toContain('hunter2');
  });

  it('masks the message and details the sink receives', () => {
    const { log, entries } = recordingLogger(1);
    log.warn('retry with password=hunter2', { user: { password: 'hunter2' } }, 'token=abc');
    expect(JSON.stringify(entries)).not.toContain('hunter2');
    expect(JSON.stringify(entries)).not.toContain('abc');
  });

  it('survives a throwing getter', () => {
    const tricky = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(maskSecrets(tricky)).toEqual({ boom: '[Unreadable]' });
  });
});

describe('shared logger', () => {
  afterEach(() => setLogLevel(5));

  it('setLogLevel changes the shared instance', () => {
    expect(logger.getMinLevel()).toBe(5);
    setLogLevel(2);
    expect(logger.getMinLevel()).toBe(2);
  });
});

describe('authorization values', () => {
  it('masks an Authorization header and a bearer token in text, as it masks passwords', () => {
    const { log, entries } = recordingLogger(1);
    log.error('call failed', {
      headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', Cookie: 'sid=abc' },
    });
    log.error('sent Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln to the gateway');
    const written = JSON.stringify(entries);
    expect(written).not.toContain('eyJhbGciOiJIUzI1NiJ9');
    expect(written).not.toContain('sid=abc');
    expect(maskSecretsInString('{"authorization":"Basic dXNlcjpwYXNz"}')).toBe('{"authorization":"***"}');
  });
});
