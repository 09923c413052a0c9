// The instance bus on SQLite: the buses of one database file hear each other (the publisher too, once),
// those of another file do not, and a message PostgreSQL could not carry is refused on both databases.
import { describe, expect, it } from 'vitest';
import type { Db } from './connection.ts';
import { createInstanceBus, MAX_PAYLOAD_BYTES } from './instance-bus.ts';

const log = { warn: () => undefined };
// The SQLite bus never queries: it needs no database.
const db = undefined as unknown as Db;

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('instance bus on SQLite', () => {
  it('carries a message to every bus of the same file, the publisher included, once each', async () => {
    const one = await createInstanceBus({ db, log, sqliteFile: '/tmp/bus-test/a/gateway.sqlite' });
    const two = await createInstanceBus({ db, log, sqliteFile: '/tmp/bus-test/a/../a/gateway.sqlite' });
    const other = await createInstanceBus({ db, log, sqliteFile: '/tmp/bus-test/b/gateway.sqlite' });
    const heard: string[] = [];
    one.subscribe('test_channel', (payload) => void heard.push(`one ${JSON.stringify(payload)}`));
    two.subscribe('test_channel', (payload) => void heard.push(`two ${JSON.stringify(payload)}`));
    other.subscribe('test_channel', (payload) => void heard.push(`other ${JSON.stringify(payload)}`));
    two.subscribe('another_channel', () => void heard.push('wrong channel'));
    await one.publish('test_channel', { ids: [1, 2] });
    // Never during the publisher's own call.
    expect(heard).toEqual([]);
    await settle();
    expect(heard.sort()).toEqual(['one {"ids":[1,2]}', 'two {"ids":[1,2]}']);
    await two.close();
    heard.length = 0;
    await one.publish('test_channel', { ids: [3] });
    await settle();
    expect(heard).toEqual(['one {"ids":[3]}']);
    await one.close();
    await other.close();
  });

  it('refuses a message of PostgreSQL’s NOTIFY limit or more, and a channel name LISTEN could not quote', async () => {
    const bus = await createInstanceBus({ db, log, sqliteFile: '/tmp/bus-test/c/gateway.sqlite' });
    await expect(bus.publish('test_channel', 'x'.repeat(MAX_PAYLOAD_BYTES))).rejects.toThrow(RangeError);
    expect(() => bus.subscribe('Bad"name', () => undefined)).toThrow(/channel name/);
    await bus.close();
  });
});
