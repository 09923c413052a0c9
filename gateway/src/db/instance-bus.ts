// The instance bus (issue 28 item 4): short messages every gateway instance on one database hears, the
// publisher included, once each. What a message says is ids (of notifications, of sessions), never the
// rows themselves: each instance reads those from the database.
//
// - PostgreSQL: `pg_notify(channel, json)` through the pool, and `LISTEN` on one dedicated connection per
//   instance (a pg client of its own, never a pool connection: a pool would hand it back and the LISTEN
//   would go with it). When that connection drops, it connects again with a growing delay and listens
//   again to every channel; what was notified meanwhile is lost, so the subscribers are told of the gap
//   (`onGap`) and make up for it.
// - SQLite: in-process. The instances of one process on one database file (tests with two gateways on one
//   data dir) share a registry keyed by the file. Separate processes on one SQLite file do not hear each
//   other: several instances need PostgreSQL (gateway/README.md).
import { resolve } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from './connection.ts';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: a message stays below, on both databases. */
export const MAX_PAYLOAD_BYTES = 7900;

/** The waits between two attempts to connect again: doubling from the first to the last. */
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

/** The dedicated connection's name in pg_stat_activity. */
const LISTENER_NAME = 'gateway-bus';

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

type Listener = (payload: unknown) => void | Promise<void>;

export type InstanceBus = {
  /** Sends `payload` (JSON, below MAX_PAYLOAD_BYTES) to every instance's listeners of `channel`, this one's too. */
  publish: (channel: string, payload: unknown) => Promise<void>;
  /** Hears `channel`; the answer stops hearing it. */
  subscribe: (channel: string, listener: Listener) => () => void;
  /** Told when messages may have been missed: the listening connection dropped and is back. */
  onGap: (listener: () => void) => () => void;
  /** Resolves once every channel subscribed so far is listened to. */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

type BusLog = { warn: (object: object, message: string) => void };

export type BusTarget = { db: Db; log: BusLog } & (
  { url: string; sqliteFile?: undefined } | { url?: undefined; sqliteFile: string }
);

/** The JSON text of a message, refused when PostgreSQL could not carry it. */
function encode(channel: string, payload: unknown): string {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`bad bus channel name ${channel}`);
  const text = JSON.stringify(payload);
  if (Buffer.byteLength(text) >= MAX_PAYLOAD_BYTES)
    throw new RangeError(`a bus message on ${channel} is ${String(Buffer.byteLength(text))} bytes`);
  return text;
}

/** The listeners of each channel, and their calls (an error or a rejection is logged, never thrown). */
function createListeners(log: BusLog) {
  const channels = new Map<string, Set<Listener>>();
  const gapListeners = new Set<() => void>();
  return {
    channels,
    gapListeners,
    add(channel: string, listener: Listener): () => void {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`bad bus channel name ${channel}`);
      const set = channels.get(channel) ?? new Set<Listener>();
      channels.set(channel, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    dispatch(channel: string, text: string): void {
      let payload: unknown;
      try {
        payload = JSON.parse(text);
      } catch (error) {
        log.warn({ err: error, channel }, 'unreadable bus message');
        return;
      }
      for (const listener of channels.get(channel) ?? []) {
        Promise.resolve()
          .then(() => listener(payload))
          .catch((error: unknown) => {
            log.warn({ err: error, channel }, 'a bus listener failed');
          });
      }
    },
    gap(): void {
      for (const listener of gapListeners) listener();
    },
  };
}

/** The in-process buses of each SQLite file. */
const sqliteBuses = new Map<string, Set<ReturnType<typeof createListeners>>>();

function sqliteBus(file: string, log: BusLog): InstanceBus {
  const key = resolve(file);
  const own = createListeners(log);
  const buses = sqliteBuses.get(key) ?? new Set();
  sqliteBuses.set(key, buses);
  buses.add(own);
  return {
    publish: (channel, payload) => {
      try {
        const text = encode(channel, payload);
        // After the publisher's turn, as a NOTIFY arrives: never inside the caller's own call.
        setImmediate(() => {
          for (const bus of sqliteBuses.get(key) ?? []) bus.dispatch(channel, text);
        });
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    subscribe: (channel, listener) => own.add(channel, listener),
    onGap: (listener) => {
      own.gapListeners.add(listener);
      return () => own.gapListeners.delete(listener);
    },
    ready: () => Promise.resolve(),
    close: () => {
      buses.delete(own);
      if (buses.size === 0 && sqliteBuses.get(key) === buses) sqliteBuses.delete(key);
      return Promise.resolve();
    },
  };
}

async function postgresBus(db: Db, url: string, log: BusLog): Promise<InstanceBus> {
  const own = createListeners(log);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  /** The LISTENs under way on the current connection. */
  let listening: Promise<unknown> = Promise.resolve();

  const listen = (connection: pg.Client, channel: string) =>
    connection.query(`LISTEN "${channel}"`).then(
      () => undefined,
      (error: unknown) => {
        // The connection dropped meanwhile: its 'error' or 'end' connects again and listens again.
        log.warn({ err: error, channel }, 'cannot LISTEN on the bus connection');
      },
    );

  async function connect(): Promise<void> {
    const connection = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (client === connection) client = undefined;
      void connection.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: error }, 'the bus connection dropped: connecting again');
      schedule();
    };
    connection.on('error', drop);
    connection.on('end', () => drop());
    connection.on('notification', (message) => {
      if (message.payload !== undefined) own.dispatch(message.channel, message.payload);
    });
    try {
      await connection.connect();
      await Promise.all([...own.channels.keys()].map((channel) => connection.query(`LISTEN "${channel}"`)));
    } catch (error) {
      drop(error);
      throw error;
    }
    if (closed) {
      await connection.end();
      return;
    }
    client = connection;
    failures = 0;
  }

  function schedule(): void {
    if (closed || retry !== undefined) return;
    const wait = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          // Whatever was notified while no connection listened is lost.
          if (!closed) own.gap();
        },
        () => {
          // connect() scheduled the next attempt through its drop().
        },
      );
    }, wait);
    retry.unref();
  }

  try {
    await connect();
  } catch (error) {
    // The start fails: no attempt goes on behind it.
    closed = true;
    clearTimeout(retry);
    throw error;
  }

  return {
    publish: async (channel, payload) => {
      const text = encode(channel, payload);
      await sql`SELECT pg_notify(${channel}, ${text})`.execute(db);
    },
    subscribe: (channel, listener) => {
      const isNew = !own.channels.has(channel);
      const stop = own.add(channel, listener);
      if (isNew && client) listening = Promise.all([listening, listen(client, channel)]);
      return stop;
    },
    onGap: (listener) => {
      own.gapListeners.add(listener);
      return () => own.gapListeners.delete(listener);
    },
    ready: async () => {
      await listening;
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const connection = client;
      client = undefined;
      await connection?.end().catch(() => undefined);
    },
  };
}

/** The bus of the instances on `target`'s database: PostgreSQL's LISTEN/NOTIFY, or in-process on SQLite. */
export async function createInstanceBus(target: BusTarget): Promise<InstanceBus> {
  return target.url === undefined
    ? sqliteBus(target.sqliteFile, target.log)
    : postgresBus(target.db, target.url, target.log);
}
