// The feature modules' own tables follow the shared seed (each notices that it ran since): a reset wipes
// them in every mode, and only demo mode fills them. The gateway and its commands both call this, so a
// command run on a fresh data dir leaves nothing for the gateway's first start to wipe.
import type { Db } from './db/connection.ts';
import { advanceIdentitiesAfterSeed, withSeedLock } from './db/postgres.ts';
import personas from '../seed/personas.json' with { type: 'json' };
import type { DocumentsStore } from './documents/documents-store.ts';
import { seedPeople } from './people/people-seed.ts';
import type { PeopleStore } from './people/people-store.ts';
import { seedPortfolio } from './portfolio/portfolio-seed.ts';
import type { StudioStore } from './studio/studio-store.ts';

export type ModuleStores = { documents: DocumentsStore; people: PeopleStore; studio: StudioStore };

export async function seedModules(
  db: Db,
  stores: ModuleStores,
  { demo, seedFolders }: { demo: boolean; seedFolders: number },
): Promise<void> {
  const entities = demo ? personas.entities : [];
  // Instances starting at once on a fresh PostgreSQL database seed one after the other.
  await withSeedLock(db, async () => {
    await stores.documents.seedIfNeeded(entities.map((entity) => entity.accountId));
    await seedPortfolio(db, demo ? seedFolders : 0, new Date(), entities);
    // After the documents: a delegation records its notification in recorded_notifications.
    await seedPeople(db, new Date(), demo);
    await stores.studio.seedEditors(demo);
    await advanceIdentitiesAfterSeed(db);
  });
}
