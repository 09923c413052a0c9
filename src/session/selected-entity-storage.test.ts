import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { createSelectedEntityStore, parseEntityId } from './selected-entity-storage.ts';

const silent = createLogger({ sink: () => {} });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('createSelectedEntityStore', () => {
  it('persists the id as a number in local storage under the key', () => {
    const store = createSelectedEntityStore({ key: 'selected-entity', logger: silent });
    store.set(42);
    expect(localStorage.getItem('selected-entity')).toBe('42');
    expect(sessionStorage.getItem('selected-entity')).toBeNull();
    expect(store.get()).toBe(42);
    store.clear();
    expect(store.get()).toBeNull();
    expect(localStorage.getItem('selected-entity')).toBeNull();
  });

  it.each(['abc', '', ' ', '1.5', 'NaN', 'Infinity', '1e3', '{"id":1}', '99999999999999999999'])(
    'ignores a stored %j',
    (raw) => {
      localStorage.setItem('selected-entity', raw);
      expect(createSelectedEntityStore({ key: 'selected-entity', logger: silent }).get()).toBeNull();
    },
  );

  it('refuses to store a non-integer', () => {
    const store = createSelectedEntityStore({ key: 'selected-entity', logger: silent });
    store.set(Number.NaN);
    store.set(1.5);
    expect(localStorage.getItem('selected-entity')).toBeNull();
  });

  it('never throws when storage throws', () => {
    for (const method of ['getItem', 'setItem', 'removeItem'] as const) {
      vi.spyOn(Storage.prototype, method).mockImplementation(() => {
        throw new DOMException('blocked', 'SecurityError');
      });
    }
    const store = createSelectedEntityStore({ key: 'selected-entity', logger: silent });
    expect(() => store.set(7)).not.toThrow();
    expect(store.get()).toBe(7);
    expect(() => store.clear()).not.toThrow();
    expect(store.get()).toBeNull();
  });

  it('parseEntityId accepts integer strings only', () => {
    expect(parseEntityId('12')).toBe(12);
    expect(parseEntityId(' 12 ')).toBe(12);
    expect(parseEntityId(null)).toBeNull();
  });
});
