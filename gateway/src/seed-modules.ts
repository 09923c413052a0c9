// The feature modules' own tables follow the shared seed (each notices that it ran since): a reset wipes
// them in every mode, and only demo mode fills them. The gateway and its commands both call this, so a
// command run on a fresh data dir leaves nothing for the gateway's first start to wipe.
import type { Db } from './db/connection.ts';
import { advanceIdentitiesAfterSeed, withSeedLock } from './db/postgres.ts';
import personas from '../seed/personas.json' with { type: 'json' };
import { seedBulkDocuments } from './documents/documents-seed.ts';
import type { DocumentsStore } from './documents/documents-store.ts';
import { NO_VOLUME, settleBulkRows, type SeedVolume } from './kernel/bulk-seed.ts';
import { seedBulkNotifications } from './notifications/notifications-seed.ts';
import { seedBulkUsers, seedPeople } from './people/people-seed.ts';
import type { PeopleStore } from './people/people-store.ts';
import { seedPayroll } from './payroll/payroll-seed.ts';
import { seedPortfolio } from './portfolio/portfolio-seed.ts';
import type { StudioStore } from './studio/studio-store.ts';

export type ModuleStores = { documents: DocumentsStore; people: PeopleStore; studio: StudioStore };

export async function seedModules(
  db: Db,
  stores: ModuleStores,
  {
    demo,
    volume,
    demoClock = () => new Date(),
  }: { demo: boolean; volume: SeedVolume; demoClock?: () => Date },
): Promise<void> {
  // The demo rows are dated by the demo's day (GATEWAY_DEMO_TODAY) when one is set, else by the real one.
  const now = demoClock();
  const entities = demo ? personas.entities : [];
  // The bulk rows of the benches (GATEWAY_SEED_*) are demo data: they hang on Paul's and Claire's rows.
  const bulk = demo ? volume : NO_VOLUME;
  // Instances starting at once on a fresh PostgreSQL database seed one after the other.
  await withSeedLock(db, async () => {
    await stores.documents.seedIfNeeded(
      entities.map((entity) => entity.accountId),
      now,
    );
    const folders = await seedPortfolio(db, bulk.folders, now, entities);
    // After the documents: a delegation records its notification in recorded_notifications.
    await seedPeople(db, now, demo);
    await seedPayroll(db, now, demo);
    // After the folders they hang on; each keeps a marker and is made again only when its volume changes.
    const documents = await seedBulkDocuments(db, bulk, now);
    const users = await seedBulkUsers(db, bulk, now);
    const notifications = await seedBulkNotifications(db, bulk, now);
    const bulky = Object.values(bulk).some((count) => count > 0);
    // VACUUM runs on a pool connection of its own, outside the transaction that holds the seed lock.
    if (bulky && (folders || documents || users || notifications)) await settleBulkRows(db);
    await stores.studio.seedEditors(demo);
    await advanceIdentitiesAfterSeed(db);
  });
}
