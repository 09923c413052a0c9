// Demo data of the wallet screens: company sheets and mandates of the personas' entities, and (a seed
// flag, GATEWAY_SEED_FOLDERS) up to 100,000 extra folders attached to Paul for the benches and the e2e.
import { inTransaction } from '../db/connection.ts';
import type { Db } from '../db/connection.ts';
import type { ApiBody } from '../../../kernel/contract/api.ts';
import { BULK_FIRST_ID, inBatches } from '../kernel/bulk-seed.ts';
import personas from '../../seed/personas.json' with { type: 'json' };

/** The fields of a company sheet, without its version. */
export type CompanySheet = Omit<ApiBody<'saveCompanySheet'>, 'version'>;

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

/**
 * Syllables of the bulk folders' own names: four of them make 24^4 = 331,776 words, and `bulkWord` maps
 * each folder index to a different one, so a client's name typed in the search finds that client whatever
 * the number of folders (as in a real firm), while the trade and surname before it are shared by many.
 */
const SYLLABLES = [
  'ba', 'ker', 'lo', 'mi', 'ran', 'sel', 'tu', 'vo',
  'dra', 'fen', 'gor', 'li', 'mar', 'nes', 'pol', 'qui',
  'ros', 'sa', 'ter', 'ul', 'vik', 'wen', 'xa', 'jo',
] as const; // prettier-ignore
const WORDS = SYLLABLES.length ** 4;

/** The bulk folder `index`'s own word (capitalised), different for every index below 331,776. */
export function bulkWord(index: number): string {
  // 7,919 is prime to 24^4 (2^12 3^4): index → index × 7,919 mod 24^4 is one-to-one.
  let code = (index * 7919 + 4099) % WORDS;
  let word = '';
  for (let place = 0; place < 4; place += 1) {
    word += SYLLABLES[code % SYLLABLES.length] ?? '';
    code = Math.floor(code / SYLLABLES.length);
  }
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const MANDATE_TYPES = ['Mission comptable', 'Mission sociale', 'Mandat fiscal'];

/**
 * Wipes and reseeds this module's rows when the shared seed ran since (its meta row is gone); `entities`
 * are the ones to give a sheet and mandates (none outside demo mode). The bulk folders go in by batches of
 * rows per statement, in the one transaction. True when it seeded.
 */
export async function seedPortfolio(
  db: Db,
  bulkFolders: number,
  seededAt: Date = new Date(),
  entities: readonly { accountId: number; name: string }[] = personas.entities,
): Promise<boolean> {
  const marker = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'portfolioSeeded')
    .executeTakeFirst();
  if (marker?.value === String(bulkFolders)) return false;
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('company_sheets').execute();
    await trx.deleteFrom('mod_request_decisions').execute();
    await trx.deleteFrom('mandates').execute();
    await trx.deleteFrom('memberships').where('account_id', '>=', BULK_FIRST_ID).execute();
    await trx.deleteFrom('subscriptions').where('account_id', '>=', BULK_FIRST_ID).execute();
    await trx.deleteFrom('entities').where('account_id', '>=', BULK_FIRST_ID).execute();

    if (entities.length > 0) {
      await trx
        .insertInto('company_sheets')
        .values(
          entities.map((entity) => ({
            account_id: entity.accountId,
            data: JSON.stringify(defaultSheet(entity.accountId, entity.name)),
            version: 1,
            updated_at: seededAt.toISOString(),
          })),
        )
        .execute();
      await trx
        .insertInto('mandates')
        .values(
          entities.flatMap((entity) =>
            MANDATE_TYPES.map((type, index) => ({
              id: entity.accountId * 10 + index + 1,
              account_id: entity.accountId,
              type,
              status:
                index === 0
                  ? 'active'
                  : (['pending', 'draft', 'suspended'][entity.accountId % 3] ?? 'pending'),
              starts_on: `2026-0${String(index + 1)}-0${String(1 + (entity.accountId % 9))}`,
              ends_on: index === 2 ? '2026-12-31' : null,
              version: 1,
            })),
          ),
        )
        .execute();
    }

    const owner = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', BULK_OWNER)
      .executeTakeFirst();
    if (owner && bulkFolders > 0) {
      await inBatches(bulkFolders, 4, async (indexes) => {
        await trx
          .insertInto('entities')
          .values(
            indexes.map((index) => {
              const accountId = BULK_FIRST_ID + index;
              const trade = TRADES[index % TRADES.length] ?? '';
              const surname = SURNAMES[Math.floor(index / TRADES.length) % SURNAMES.length] ?? '';
              const form = FORMS[index % FORMS.length] ?? '';
              return {
                account_id: accountId,
                account_number: `D-${String(accountId)}`,
                name: `${trade} ${surname} ${bulkWord(index)} ${form} ${String(index + 1)}`,
                is_clarity_visible: 0,
              };
            }),
          )
          .execute();
        await trx
          .insertInto('memberships')
          .values(
            indexes.map((index) => ({
              user_id: owner.id,
              account_id: BULK_FIRST_ID + index,
              is_signatory: 0,
              permissions: '["ALL_COLLABORATOR_CODES"]',
            })),
          )
          .execute();
      });
    }
    await trx
      .insertInto('meta')
      .values({ key: 'portfolioSeeded', value: String(bulkFolders) })
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
  });
  return true;
}
