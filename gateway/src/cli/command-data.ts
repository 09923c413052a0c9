// The gateway's data dir as a command sees it: opened, checked and seeded exactly as the gateway does
// (same mode rules, same module seeds), without the HTTP server. SQLite's WAL lets a command run beside a
// running gateway; on PostgreSQL (GATEWAY_DATABASE_URL) it opens the same database the gateway uses.
import type { Db } from '../db/connection.ts';
import { OWASP_SCRYPT, createPasswordHasher, type PasswordHasher } from '../auth/passwords.ts';
import { openDatabase } from '../database.ts';
import { seedModules } from '../seed-modules.ts';
import { createStore, type Store } from '../db/store.ts';
import { createDocumentsStore } from '../documents/documents-store.ts';
import { createFileStore } from '../documents/file-store.ts';
import { demoClockOf, filesDirOf, optionsFromEnv, seedVolumeOf } from '../options.ts';
import { createPeopleStore, type PeopleStore } from '../people/people-store.ts';
import { createStudioStore, type StudioStore } from '../studio/studio-store.ts';
import type { CommandIo } from './command-io.ts';

export type CommandData = {
  /** The Kysely instance over the database (SQLite in the data dir, or GATEWAY_DATABASE_URL's PostgreSQL). */
  db: Db;
  store: Store;
  people: PeopleStore;
  studio: StudioStore;
  hasher: PasswordHasher;
  dataDir: string;
};

export async function withCommandData<T>(io: CommandIo, work: (data: CommandData) => Promise<T>): Promise<T> {
  const options = optionsFromEnv(io.env, []);
  const demo = options.demo ?? false;
  const demoClock = demoClockOf(options);
  const hasher = createPasswordHasher(OWASP_SCRYPT);
  const kysely = await openDatabase(
    options.dataDir,
    { reset: false, demo, databaseUrl: options.databaseUrl, databasePool: options.databasePool, demoClock },
    hasher.hash,
  );
  try {
    const documents = createDocumentsStore(kysely, createFileStore(filesDirOf(options)));
    const people = createPeopleStore(kysely);
    const studio = createStudioStore(kysely);
    await seedModules(
      kysely,
      { documents, people, studio },
      {
        demo,
        volume: seedVolumeOf(options),
        demoClock,
      },
    );
    return await work({
      db: kysely,
      store: createStore(kysely),
      people,
      studio,
      hasher,
      dataDir: options.dataDir,
    });
  } finally {
    await kysely.destroy();
  }
}
