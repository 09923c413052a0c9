// Issue 28: instances started at once on a fresh PostgreSQL database (a rolling deployment's first start,
// or two containers scheduled together) all come up, and the demo data is there once. The shared seed
// runs under a transaction's lock (database.ts); the feature modules' seeds (documents, folders, people,
// studio) check a marker and then write over several transactions, so gateway.ts runs them under the
// same lock held for their whole run (db/postgres.ts's withSeedLock). In one process the instances'
// openings are already serialised, so this test could not be made to lose the race without that lock
// (tried: three in-process starts after the shared seed gave one copy either way); it guards the
// outcome, and the lock is there by construction. SQLite is one process's database: nothing to race.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../src/auth/passwords.ts';
import { openDatabase } from '../src/database.ts';
import { postgresDb } from '../src/db/postgres.ts';
import { ON_POSTGRES, call, json, login, type Started, startGateway } from './helpers.ts';
import { createTestDatabase, type TestDatabase } from './postgres.ts';

const started: Started[] = [];
const dirs: string[] = [];
let database: TestDatabase | undefined;
afterAll(async () => {
  for (const gateway of started) await gateway.dispose();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

describe.skipIf(!ON_POSTGRES)('three instances started at once on one fresh database', () => {
  it('all start, and each document, folder and manifest version of the demo is there once', async () => {
    database = await createTestDatabase({ migrated: false });
    const url = database.url;
    // The shared seed done (its own lock makes the others wait, then find it), the modules' not yet: the
    // three instances then reach the modules' seeds together, where a deployment's race would be.
    const seedDir = mkdtempSync(join(tmpdir(), 'gateway-concurrent-'));
    dirs.push(seedDir);
    const hasher = createPasswordHasher({ N: 2 ** 14, r: 8, p: 1 });
    await (
      await openDatabase(seedDir, { reset: false, demo: true, databaseUrl: url }, hasher.hash)
    ).destroy();
    const instances = await Promise.all(
      [0, 1, 2].map(() => {
        const dataDir = mkdtempSync(join(tmpdir(), 'gateway-concurrent-'));
        dirs.push(dataDir);
        return startGateway({ dataDir, databaseUrl: url, secret: 'concurrent-start-secret' });
      }),
    );
    started.push(...instances);

    const db = postgresDb(url, { poolSize: 1, applicationName: 'gateway-test' });
    try {
      const documents = await db
        .selectFrom('documents')
        .select(['account_id', 'name'])
        .select((eb) => eb.fn.countAll<number>().as('copies'))
        .groupBy(['account_id', 'name'])
        .execute();
      expect(documents.length).toBeGreaterThan(0);
      expect(documents.filter((row) => row.copies > 1)).toEqual([]);
      const versions = await db.selectFrom('manifest_versions').select('id').execute();
      expect(versions).toHaveLength(1);
    } finally {
      await db.destroy();
    }

    // And each answers: Claire signs in on one and reads her documents on the others.
    const token = await login(instances[0] as Started, 'claire.solo@demo.test');
    for (const instance of instances.slice(1)) {
      const answer = await call(instance, 'GET', '/account/api/accounts/1001/documents?kind=accounting', {
        token,
      });
      expect(answer.status).toBe(200);
      expect(json<{ items: unknown[] }>(answer).items.length).toBeGreaterThan(0);
    }
  });
});
