// Demo data of the wallet screens: company sheets and mandates of the personas' entities, and (a seed
// flag, GATEWAY_SEED_FOLDERS) thousands of extra folders attached to Paul for the bench and the e2e.
import type { Database } from 'better-sqlite3';
import type { ApiBody } from '../../contract/api.ts';
import personas from '../../seed/personas.json' with { type: 'json' };

/** The fields of a company sheet, without its version. */
export type CompanySheet = Omit<ApiBody<'saveCompanySheet'>, 'version'>;

const BULK_FIRST_ID = 100001;
const BULK_OWNER = 'paul.collab@demo.test';

const TRADES = [
  'Boulangerie',
  'Garage',
  'Pharmacie',
  'Cabinet',
  'Atelier',
  'Menuiserie',
  'Fromagerie',
  'Librairie',
  'Transports',
  'Imprimerie',
  'Plomberie',
  'Jardinerie',
];
const SURNAMES = [
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
];
const FORMS = ['SARL', 'SAS', 'EURL', 'SA', 'SCI'];
const CITIES = [
  ['75011', 'Paris'],
  ['69003', 'Lyon'],
  ['33000', 'Bordeaux'],
  ['44000', 'Nantes'],
  ['59000', 'Lille'],
] as const;
const ACTIVITY = ['10.71C', '45.20A', '47.73Z', '69.20Z', '16.23Z'];

/** The sheet an entity starts with: derived from its id so each persona's entity has its own. */
export function defaultSheet(accountId: number, name: string): CompanySheet {
  const [postalCode, city] = CITIES[accountId % CITIES.length] ?? CITIES[0];
  return {
    legalName: name,
    companyNumber: String(300000000 + accountId * 7919).slice(0, 9),
    legalForm: FORMS[accountId % FORMS.length] ?? 'SARL',
    addressLine: `${String(1 + (accountId % 90))} rue de la République`,
    postalCode,
    city,
    fiscalYearEnd: '12-31',
    activityCode: ACTIVITY[accountId % ACTIVITY.length] ?? '69.20Z',
    contacts: [
      {
        name: 'Camille Martin',
        role: 'Gérante',
        email: `contact${String(accountId)}@example.test`,
        phone: '+33 1 23 45 67 89',
      },
    ],
  };
}

const MANDATE_TYPES = ['Mission comptable', 'Mission sociale', 'Mandat fiscal'];

/**
 * Wipes and reseeds this module's rows when the shared seed ran since (its meta row is gone); `entities`
 * are the ones to give a sheet and mandates (none outside demo mode).
 */
export function seedPortfolio(
  db: Database,
  bulkFolders: number,
  seededAt: Date = new Date(),
  entities: readonly { accountId: number; name: string }[] = personas.entities,
): void {
  const marker = db
    .prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'portfolioSeeded'")
    .get();
  if (marker?.value === String(bulkFolders)) return;
  db.transaction(() => {
    db.exec('DELETE FROM company_sheets; DELETE FROM mod_request_decisions; DELETE FROM mandates;');
    db.prepare('DELETE FROM memberships WHERE account_id >= ?').run(BULK_FIRST_ID);
    db.prepare('DELETE FROM subscriptions WHERE account_id >= ?').run(BULK_FIRST_ID);
    db.prepare('DELETE FROM entities WHERE account_id >= ?').run(BULK_FIRST_ID);

    const insertSheet = db.prepare(
      'INSERT INTO company_sheets (account_id, data, version, updated_at) VALUES (?, ?, 1, ?)',
    );
    const insertMandate = db.prepare(
      'INSERT INTO mandates (id, account_id, type, status, starts_on, ends_on, version) VALUES (?, ?, ?, ?, ?, ?, 1)',
    );
    for (const entity of entities) {
      insertSheet.run(
        entity.accountId,
        JSON.stringify(defaultSheet(entity.accountId, entity.name)),
        seededAt.toISOString(),
      );
      MANDATE_TYPES.forEach((type, index) => {
        const status =
          index === 0 ? 'active' : (['pending', 'draft', 'suspended'][entity.accountId % 3] ?? 'pending');
        insertMandate.run(
          entity.accountId * 10 + index + 1,
          entity.accountId,
          type,
          status,
          `2026-0${String(index + 1)}-0${String(1 + (entity.accountId % 9))}`,
          index === 2 ? '2026-12-31' : null,
        );
      });
    }

    const owner = db
      .prepare<[string], { id: number }>('SELECT id FROM users WHERE email = ?')
      .get(BULK_OWNER);
    if (owner && bulkFolders > 0) {
      const insertEntity = db.prepare(
        'INSERT INTO entities (account_id, account_number, name, is_clarity_visible) VALUES (?, ?, ?, 0)',
      );
      const insertMembership = db.prepare(
        'INSERT INTO memberships (user_id, account_id, is_signatory, permissions) VALUES (?, ?, 0, \'["ALL_COLLABORATOR_CODES"]\')',
      );
      for (let index = 0; index < bulkFolders; index += 1) {
        const accountId = BULK_FIRST_ID + index;
        const trade = TRADES[index % TRADES.length] ?? '';
        const surname = SURNAMES[Math.floor(index / TRADES.length) % SURNAMES.length] ?? '';
        const form = FORMS[index % FORMS.length] ?? '';
        insertEntity.run(
          accountId,
          `D-${String(accountId)}`,
          `${trade} ${surname} ${form} ${String(index + 1)}`,
        );
        insertMembership.run(owner.id, accountId);
      }
    }
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('portfolioSeeded', ?)").run(
      String(bulkFolders),
    );
  })();
}
