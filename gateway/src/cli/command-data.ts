// The gateway's data dir as a command sees it: opened, checked and seeded exactly as the gateway does
// (same mode rules, same module seeds), without the HTTP server. SQLite's WAL lets a command run beside a
// running gateway.
import type { Db } from '../db/connection.ts';
import { OWASP_SCRYPT, createPasswordHasher, type PasswordHasher } from '../auth/passwords.ts';
import { openDatabase } from '../database.ts';
import { seedModules } from '../seed-modules.ts';
import { createStore, type Store } from '../db/store.ts';
import { createDocumentsStore } from '../documents/documents-store.ts';
import { createFileStore } from '../documents/file-store.ts';
import { filesDirOf, optionsFromEnv } from '../options.ts';
import { createPeopleStore, type PeopleStore } from '../people/people-store.ts';
import { createStudioStore, type StudioStore } from '../studio/studio-store.ts';
import type { CommandIo } from './command-io.ts';

export type CommandData = {
  /** The Kysely instance over the database (the stores not converted yet keep its better-sqlite3 handle). */
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
  const hasher = createPasswordHasher(OWASP_SCRYPT);
  const { handle: db, db: kysely } = await openDatabase(options.dataDir, { reset: false, demo }, hasher.hash);
  try {
    const documents = createDocumentsStore(kysely, createFileStore(filesDirOf(options)));
    const people = createPeopleStore(kysely);
    const studio = createStudioStore(kysely);
    await seedModules(kysely, { documents, people, studio }, { demo, seedFolders: options.seedFolders ?? 0 });
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
    if (db.open) db.close();
  }
}
