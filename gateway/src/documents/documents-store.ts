// Documents and BI report files in the database (metadata) and on disk (bytes, see file-store.ts). Seeded
// for the personas' entities with real small PDFs made at seed time, and reseeded with the rest of the
// database: a seed stamp follows the main seed's `seededAt`, so a reset wipes what users uploaded too.
import { sql } from 'kysely';
import type { Expression, Selectable, SqlBool } from 'kysely';
import { dialectOf, inTransaction, transactionalStore } from '../db/connection.ts';
import { entityColumn, lockEntityRow } from '../db/lookups-store.ts';
import type { Db } from '../db/connection.ts';
import type { Tables } from '../db/tables.ts';
import type { FileStore } from './file-store.ts';
import { makePdf } from './pdf.ts';

export type DocumentRow = Selectable<Tables['documents']>;

export type ReportKind = 'financial' | 'hr';

/** A count or a sum as the driver answers it: PostgreSQL's bigint and numeric come as strings. */
type DbNumber = number | string | bigint;

type DocumentFilters = {
  kind: string;
  period?: string | undefined;
  q?: string | undefined;
  sort: 'name' | 'kind' | 'period' | 'createdAt' | 'size' | 'uploadedBy';
  order: 'asc' | 'desc';
};

export type ReportFilters = {
  userId: number;
  /** One entity's reports; without it, those of every entity of the user. */
  accountId?: number | undefined;
  /**
   * For each kind of report, the rights (`memberships.permissions`, as stored) under which the caller may
   * read it: a report is listed when the caller's membership of its entity has one of its kind's. Nothing
   * else is ever selected; an empty map selects nothing.
   */
  readableWith: ReadonlyMap<ReportKind, readonly string[]>;
  kind?: string | undefined;
  period?: string | undefined;
  q?: string | undefined;
  sort: 'title' | 'kind' | 'period' | 'createdAt' | 'account';
  order: 'asc' | 'desc';
};

/** A file moved into place: its key in the file store, its size and type. */
export type CommittedFile = { key: string; size: number; mimeType: string };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A seeded document: what a firm's portal holds for a client. */
const SEED_DOCUMENTS: readonly { kind: string; name: string; lines: readonly string[] }[] = [
  {
    kind: 'social-management',
    name: 'Bulletin de paie',
    lines: ['Salarie : Jeanne Martin', 'Net a payer : 2 134,52 EUR'],
  },
  {
    kind: 'social-management',
    name: 'Déclaration sociale nominative',
    lines: ['DSN mensuelle', 'Effectif : 6'],
  },
  { kind: 'accounting', name: 'Bilan', lines: ['Total actif : 412 300 EUR', 'Resultat net : 38 210 EUR'] },
  { kind: 'accounting', name: 'Grand livre', lines: ['Comptes 401 a 709', 'Ecritures validees'] },
  { kind: 'accounting', name: 'Déclaration de TVA', lines: ['CA3 mensuelle', 'TVA a payer : 4 812 EUR'] },
  {
    kind: 'legacy',
    name: 'Lettre de mission',
    lines: ['Mission de tenue comptable', 'Signee le 12/01/2024'],
  },
  { kind: 'legacy', name: 'Statuts', lines: ['Statuts mis a jour', 'Capital : 10 000 EUR'] },
];

/** Rows a seed inserts per statement: far below SQLite's and PostgreSQL's parameter limits. */
const SEED_BATCH = 200;

/** The store's operations over `db`, a transaction or not. */
function documentsQueries(db: Db, files: FileStore) {
  const dialect = dialectOf(db);

  /**
   * `column` contains `search`, case aside. SQLite's LIKE ignores ASCII case (and its lower() folds ASCII
   * only, so lower() on both sides would miss "É" in "École"); PostgreSQL's LIKE does not, its ILIKE does.
   * The PostgreSQL branch cannot be run yet (no PostgreSQL in the tests so far).
   */
  const contains = (column: Expression<string>, search: string) => {
    const pattern = `%${escapeLike(search)}%`;
    return dialect === 'sqlite'
      ? sql<SqlBool>`${column} LIKE ${pattern} ESCAPE '\\'`
      : sql<SqlBool>`${column} ILIKE ${pattern} ESCAPE '\\'`;
  };

  const documentsWhere = (accountId: number, filters: Pick<DocumentFilters, 'kind' | 'period' | 'q'>) => {
    let query = db
      .selectFrom('documents')
      .where('account_id', '=', accountId)
      .where('kind', '=', filters.kind);
    if (filters.period !== undefined) query = query.where('period', '=', filters.period);
    const search = filters.q?.trim() ?? '';
    if (search !== '') query = query.where((eb) => contains(eb.ref('name'), search));
    return query;
  };

  /** Sort columns come from a closed list (the contract's enum), never from the request text. */
  const documentSort = (sort: DocumentFilters['sort']) => {
    switch (sort) {
      case 'name':
        // lower(): case aside on both databases (migration 0008 indexes it with the entity and kind).
        return sql<string>`lower(name)`;
      case 'kind':
        return sql.ref<string>('kind');
      case 'period':
        return sql.ref<string>('period');
      case 'createdAt':
        return sql.ref<string>('created_at');
      case 'size':
        return sql.ref<number>('size');
      case 'uploadedBy':
        return sql<string>`lower(uploaded_by)`;
    }
  };

  const reportSort = (sort: ReportFilters['sort']) => {
    switch (sort) {
      case 'title':
        return sql<string>`lower(r.title)`;
      case 'kind':
        return sql.ref<string>('r.kind');
      case 'period':
        return sql.ref<string>('period');
      case 'createdAt':
        return sql.ref<string>('r.created_at');
      case 'account':
        return sql<string>`lower(e.name)`;
    }
  };

  /** A report's period: its file's, or the month it was made in (a report kept before files had none). */
  const reportPeriod = sql<string>`COALESCE(f.period, substr(r.created_at, 1, 7))`;

  const reportsFrom = () =>
    db
      .selectFrom('bi_reports as r')
      .innerJoin('entities as e', 'e.account_id', 'r.account_id')
      .leftJoin('report_files as f', 'f.report_id', 'r.id');

  const reportColumns = [
    'r.id',
    'r.account_id',
    'e.name as account_name',
    'r.title',
    'r.kind',
    'r.created_at',
    reportPeriod.as('period'),
    'f.mime_type',
    'f.size',
    'f.storage_key',
  ] as const;

  const reportsWhere = (filters: ReportFilters) => {
    const byKind = [...filters.readableWith].filter(([, rights]) => rights.length > 0);
    // The caller's membership of the report's entity holds a right of the report's kind (ReportFilters).
    let query = reportsFrom().where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships as m')
          .select(sql.lit(1).as('one'))
          .where('m.user_id', '=', filters.userId)
          .whereRef('m.account_id', '=', 'r.account_id')
          .where((inner) =>
            inner.or(
              byKind.map(([kind, rights]) =>
                inner.and([inner('r.kind', '=', kind), inner('m.permissions', 'in', rights)]),
              ),
            ),
          ),
      ),
    );
    if (filters.accountId !== undefined) query = query.where('r.account_id', '=', filters.accountId);
    if (filters.kind !== undefined) query = query.where('r.kind', '=', filters.kind);
    if (filters.period !== undefined) query = query.where(reportPeriod, '=', filters.period);
    const search = filters.q?.trim() ?? '';
    if (search !== '') query = query.where((eb) => contains(eb.ref('r.title'), search));
    return query;
  };

  const report = (id: number) =>
    reportsFrom()
      .select(reportColumns)
      .where('r.id', '=', id)
      .executeTakeFirst()
      .then((row) => row && { ...row, kind: row.kind as ReportKind });

  /** Removes from disk the files whose rows were deleted (after the deleting transaction committed). */
  const sweepOrphans = async () => {
    const rows = await db.selectFrom('orphan_files').select('storage_key').execute();
    if (rows.length === 0) return;
    for (const row of rows) files.remove(row.storage_key);
    await db
      .deleteFrom('orphan_files')
      .where(
        'storage_key',
        'in',
        rows.map((row) => row.storage_key),
      )
      .execute();
  };

  const metaValue = async (key: string) =>
    (await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst())?.value;

  return {
    db,

    async documentsPage(accountId: number, filters: DocumentFilters, page: number, pageSize: number) {
      const where = documentsWhere(accountId, filters);
      const counted = await where.select((eb) => eb.fn.countAll<DbNumber>().as('total')).executeTakeFirst();
      const direction = filters.order === 'asc' ? 'asc' : 'desc';
      const rows = await where
        .selectAll()
        .orderBy(documentSort(filters.sort), direction)
        .orderBy('id', direction)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { rows, total: Number(counted?.total ?? 0) };
    },

    async periods(accountId: number, kind: string): Promise<string[]> {
      const rows = await db
        .selectFrom('documents')
        .select('period')
        .distinct()
        .where('account_id', '=', accountId)
        .where('kind', '=', kind)
        .orderBy('period', 'desc')
        .execute();
      return rows.map((row) => row.period);
    },

    document(id: number): Promise<DocumentRow | undefined> {
      return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async documents(ids: readonly number[]): Promise<DocumentRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('documents')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute();
    },

    /** The entity's number (the mail drop address and the ZIP's name are made from it). */
    accountNumber: (accountId: number): Promise<string | undefined> =>
      entityColumn(db, accountId, 'account_number'),

    /** The user's rights on the entity as stored (`memberships.permissions`), or undefined if not a member. */
    async membershipRights(userId: number, accountId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('memberships')
        .select('permissions')
        .where('user_id', '=', userId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row?.permissions;
    },

    /**
     * Holds the entity's row until the transaction ends, so that two uploads to one entity commit one after
     * the other (each re-checks the quota with the other's file counted). PostgreSQL: SELECT … FOR UPDATE
     * (not run yet: no PostgreSQL in the tests so far); SQLite: nothing to do, a transaction has the one
     * connection to itself.
     */
    lockEntity: (accountId: number): Promise<void> => lockEntityRow(db, accountId),

    /** Bytes the entity holds: its documents and its reports' files (the entity quota counts them). */
    async usedBytes(accountId: number): Promise<number> {
      const documents = await db
        .selectFrom('documents')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<DbNumber>('size'), sql.lit(0)).as('used'))
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      const reports = await db
        .selectFrom('report_files as f')
        .innerJoin('bi_reports as r', 'r.id', 'f.report_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<DbNumber>('f.size'), sql.lit(0)).as('used'))
        .where('r.account_id', '=', accountId)
        .executeTakeFirst();
      // PostgreSQL's SUM of integers is a numeric (a string through node-postgres).
      return Number(documents?.used ?? 0) + Number(reports?.used ?? 0);
    },

    /** Inserts a document's row for a file already moved into place (in the caller's transaction). */
    async insertDocument(
      row: {
        accountId: number;
        kind: string;
        name: string;
        period: string;
        uploadedBy: string;
        uploaderId: number | null;
      },
      file: CommittedFile,
    ): Promise<DocumentRow> {
      return db
        .insertInto('documents')
        .values({
          account_id: row.accountId,
          kind: row.kind,
          name: row.name,
          period: row.period,
          mime_type: file.mimeType,
          size: file.size,
          storage_key: file.key,
          uploaded_by: row.uploadedBy,
          uploader_id: row.uploaderId,
          created_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async reportsPage(filters: ReportFilters, page: number, pageSize: number) {
      await sweepOrphans();
      if (![...filters.readableWith.values()].some((rights) => rights.length > 0))
        return { rows: [], total: 0 };
      const where = reportsWhere(filters);
      const counted = await where.select((eb) => eb.fn.countAll<DbNumber>().as('total')).executeTakeFirst();
      const direction = filters.order === 'asc' ? 'asc' : 'desc';
      const rows = await where
        .select(reportColumns)
        .orderBy(reportSort(filters.sort), direction)
        .orderBy('r.id', direction)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return {
        rows: rows.map((row) => ({ ...row, kind: row.kind as ReportKind })),
        total: Number(counted?.total ?? 0),
      };
    },

    report,

    /** Inserts a report and its file's row for a file already moved into place (in the caller's transaction). */
    async insertReport(
      row: { accountId: number; title: string; kind: ReportKind; period: string; createdBy: number },
      file: CommittedFile,
    ): Promise<number> {
      const { id } = await db
        .insertInto('bi_reports')
        .values({
          account_id: row.accountId,
          title: row.title,
          kind: row.kind,
          created_at: new Date().toISOString(),
          created_by: row.createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('report_files')
        .values({
          report_id: id,
          period: row.period,
          mime_type: file.mimeType,
          size: file.size,
          storage_key: file.key,
        })
        .execute();
      return id;
    },

    /**
     * Wipes and regenerates the seeded documents and report files when the main seed ran since (its
     * `seededAt` differs from ours): a reset or a fresh database.
     */
    async seedIfNeeded(accountIds: readonly number[], now: Date = new Date()): Promise<void> {
      const seededAt = await metaValue('seededAt');
      const ours = await metaValue('documentsSeededFor');
      if (seededAt !== undefined && ours === seededAt) return;
      files.clear();
      await inTransaction(db, async (trx) => {
        await trx.deleteFrom('documents').execute();
        await trx.deleteFrom('report_files').execute();
        await trx.deleteFrom('orphan_files').execute();
        await trx.deleteFrom('recorded_notifications').execute();
        // Document ids start again from 1. The PostgreSQL branch cannot be run yet: it assumes the id is
        // an identity (or serial) column, whose sequence RESTART IDENTITY resets.
        if (dialectOf(trx) === 'sqlite')
          await sql`DELETE FROM sqlite_sequence WHERE name = 'documents'`.execute(trx);
        else await sql`TRUNCATE documents RESTART IDENTITY`.execute(trx);
        for (const accountId of accountIds) {
          const rows = SEED_DOCUMENTS.flatMap((seed, index) =>
            // Three months of each, newest first: periods to filter on, dates to sort on.
            [0, 1, 2].map((back) => {
              const day = new Date(
                Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back - 1, 3 + index, 9),
              );
              const period = day.toISOString().slice(0, 7);
              const bytes = makePdf(`${seed.name} - ${period}`, [
                `Dossier ${String(accountId)}`,
                ...seed.lines,
              ]);
              return {
                account_id: accountId,
                kind: seed.kind,
                name: `${seed.name} ${period}.pdf`,
                period,
                mime_type: 'application/pdf',
                size: bytes.length,
                storage_key: files.put(bytes),
                uploaded_by: 'Cabinet',
                uploader_id: null,
                created_at: day.toISOString(),
              };
            }),
          );
          await trx.insertInto('documents').values(rows).execute();
        }
        const reports = await trx
          .selectFrom('bi_reports')
          .select(['id', 'title', 'created_at', 'account_id'])
          .orderBy('id')
          .execute();
        for (let start = 0; start < reports.length; start += SEED_BATCH) {
          const rows = reports.slice(start, start + SEED_BATCH).map((report) => {
            const bytes = makePdf(report.title, [`Dossier ${String(report.account_id)}`, 'Rapport BI']);
            return {
              report_id: report.id,
              period: report.created_at.slice(0, 7),
              mime_type: 'application/pdf',
              size: bytes.length,
              storage_key: files.put(bytes),
            };
          });
          await trx.insertInto('report_files').values(rows).execute();
        }
        await trx
          .insertInto('meta')
          .values({ key: 'documentsSeededFor', value: seededAt ?? '' })
          .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
          .execute();
      });
    },
  };
}

export type DocumentsQueries = ReturnType<typeof documentsQueries>;
export type ReportRow = NonNullable<Awaited<ReturnType<DocumentsQueries['report']>>>;

export function createDocumentsStore(db: Db, files: FileStore) {
  // In a transaction, every query of `work` must go through the store it is given (or that store's `db`).
  return transactionalStore(db, (over) => documentsQueries(over, files));
}

export type DocumentsStore = ReturnType<typeof createDocumentsStore>;
