// Documents and BI report files in SQLite (metadata) and on disk (bytes, see file-store.ts). Seeded for
// the personas' entities with real small PDFs made at seed time, and reseeded with the rest of the
// database: a seed stamp follows the main seed's `seededAt`, so a reset wipes what users uploaded too.
import type { Database, Statement } from 'better-sqlite3';
import type { FileStore } from './file-store.ts';
import { makePdf } from './pdf.ts';

export type DocumentRow = {
  id: number;
  account_id: number;
  kind: string;
  name: string;
  period: string;
  mime_type: string;
  size: number;
  storage_key: string;
  uploaded_by: string;
  uploader_id: number | null;
  created_at: string;
};

export type ReportRow = {
  id: number;
  account_id: number;
  account_name: string;
  title: string;
  kind: 'financial' | 'hr';
  created_at: string;
  period: string;
  mime_type: string | null;
  size: number | null;
  storage_key: string | null;
};

export type DocumentFilters = {
  kind: string;
  period?: string | undefined;
  q?: string | undefined;
  sort: 'name' | 'kind' | 'period' | 'createdAt' | 'size' | 'uploadedBy';
  order: 'asc' | 'desc';
};

export type ReportFilters = {
  accountIds: readonly number[];
  /** Kinds the caller may read on each entity. */
  kindsByAccount: ReadonlyMap<number, readonly string[]>;
  kind?: string | undefined;
  period?: string | undefined;
  q?: string | undefined;
  sort: 'title' | 'kind' | 'period' | 'createdAt' | 'account';
  order: 'asc' | 'desc';
};

const DOCUMENT_COLUMNS: Readonly<Record<DocumentFilters['sort'], string>> = {
  name: 'name COLLATE NOCASE',
  kind: 'kind',
  period: 'period',
  createdAt: 'created_at',
  size: 'size',
  uploadedBy: 'uploaded_by COLLATE NOCASE',
};

const REPORT_COLUMNS: Readonly<Record<ReportFilters['sort'], string>> = {
  title: 'r.title COLLATE NOCASE',
  kind: 'r.kind',
  period: 'period',
  createdAt: 'r.created_at',
  account: 'e.name COLLATE NOCASE',
};

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

export type DocumentsStore = ReturnType<typeof createDocumentsStore>;

export function createDocumentsStore(db: Database, files: FileStore) {
  // The list queries are built from the filters in use: a few shapes, each prepared once and kept
  // (preparing on every call cost more than running the query on 1,000 documents).
  const statements = new Map<string, Statement>();
  const prepare = <P extends unknown[], R = unknown>(sql: string): Statement<P, R> => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    // One SQL text always has the same parameters and row shape: the caller's types name them.
    return statement as unknown as Statement<P, R>;
  };

  const documentWhere = (accountId: number, filters: Pick<DocumentFilters, 'kind' | 'period' | 'q'>) => {
    const clauses = ['account_id = ?', 'kind = ?'];
    const values: (string | number)[] = [accountId, filters.kind];
    if (filters.period !== undefined) {
      clauses.push('period = ?');
      values.push(filters.period);
    }
    if (filters.q !== undefined && filters.q.trim() !== '') {
      clauses.push("name LIKE ? ESCAPE '\\'");
      values.push(`%${escapeLike(filters.q.trim())}%`);
    }
    return { sql: clauses.join(' AND '), values };
  };

  const reportWhere = (filters: ReportFilters) => {
    // The (entity, kind) pairs the caller may read, as one JSON parameter: one SQL text whatever the
    // wallet's size (a clause per entity passed SQLite's expression depth at 5,000 folders, and made a
    // new statement for every wallet). Nothing outside the pairs is ever selected.
    const allowed: string[] = [];
    for (const accountId of filters.accountIds)
      for (const kind of filters.kindsByAccount.get(accountId) ?? [])
        allowed.push(`${String(accountId)}:${kind}`);
    const clauses = ["(r.account_id || ':' || r.kind) IN (SELECT value FROM json_each(?))"];
    const values: (string | number)[] = [JSON.stringify(allowed)];
    if (filters.kind !== undefined) {
      clauses.push('r.kind = ?');
      values.push(filters.kind);
    }
    if (filters.period !== undefined) {
      clauses.push('COALESCE(f.period, substr(r.created_at, 1, 7)) = ?');
      values.push(filters.period);
    }
    if (filters.q !== undefined && filters.q.trim() !== '') {
      clauses.push("r.title LIKE ? ESCAPE '\\'");
      values.push(`%${escapeLike(filters.q.trim())}%`);
    }
    return { sql: clauses.join(' AND '), values };
  };

  const REPORT_SELECT = `SELECT r.id, r.account_id, e.name AS account_name, r.title, r.kind, r.created_at,
      COALESCE(f.period, substr(r.created_at, 1, 7)) AS period, f.mime_type, f.size, f.storage_key
    FROM bi_reports r JOIN entities e ON e.account_id = r.account_id
    LEFT JOIN report_files f ON f.report_id = r.id`;

  const insertDocument = prepare<
    [number, string, string, string, string, number, string, string, number | null, string],
    DocumentRow
  >(
    `INSERT INTO documents (account_id, kind, name, period, mime_type, size, storage_key, uploaded_by, uploader_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  );
  const insertReportFile = prepare<[number, string, string, number, string]>(
    'INSERT INTO report_files (report_id, period, mime_type, size, storage_key) VALUES (?, ?, ?, ?, ?)',
  );

  /** Removes from disk the files whose rows were deleted (after the deleting transaction committed). */
  const sweepOrphans = () => {
    const rows = prepare<[], { storage_key: string }>('SELECT storage_key FROM orphan_files').all();
    for (const row of rows) files.remove(row.storage_key);
    if (rows.length > 0) prepare('DELETE FROM orphan_files').run();
  };

  return {
    documentsPage(accountId: number, filters: DocumentFilters, page: number, pageSize: number) {
      const where = documentWhere(accountId, filters);
      const total =
        prepare<(string | number)[], { n: number }>(
          `SELECT COUNT(*) AS n FROM documents WHERE ${where.sql}`,
        ).get(...where.values)?.n ?? 0;
      const rows = prepare<(string | number)[], DocumentRow>(
        `SELECT * FROM documents WHERE ${where.sql}
           ORDER BY ${DOCUMENT_COLUMNS[filters.sort]} ${filters.order === 'asc' ? 'ASC' : 'DESC'}, id ${filters.order === 'asc' ? 'ASC' : 'DESC'}
           LIMIT ? OFFSET ?`,
      ).all(...where.values, pageSize, (page - 1) * pageSize);
      return { rows, total };
    },

    periods(accountId: number, kind: string): string[] {
      return prepare<[number, string], { period: string }>(
        'SELECT DISTINCT period FROM documents WHERE account_id = ? AND kind = ? ORDER BY period DESC',
      )
        .all(accountId, kind)
        .map((row) => row.period);
    },

    document(id: number): DocumentRow | undefined {
      return prepare<[number], DocumentRow>('SELECT * FROM documents WHERE id = ?').get(id);
    },

    documents(ids: readonly number[]): DocumentRow[] {
      return prepare<number[], DocumentRow>(
        `SELECT * FROM documents WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY name COLLATE NOCASE, id`,
      ).all(...ids);
    },

    /** Bytes the entity holds: its documents and its reports' files (the entity quota counts them). */
    usedBytes(accountId: number): number {
      return (
        prepare<[number, number], { used: number }>(
          `SELECT (SELECT COALESCE(SUM(size), 0) FROM documents WHERE account_id = ?)
                + (SELECT COALESCE(SUM(f.size), 0) FROM report_files f JOIN bi_reports r ON r.id = f.report_id
                   WHERE r.account_id = ?) AS used`,
        ).get(accountId, accountId)?.used ?? 0
      );
    },

    /** Inserts the row and moves the file into place in one transaction: both or neither. */
    addDocument(
      row: {
        accountId: number;
        kind: string;
        name: string;
        period: string;
        uploadedBy: string;
        uploaderId: number | null;
      },
      commit: () => { key: string; size: number; mimeType: string },
    ): DocumentRow {
      const inserted = db.transaction(() => {
        const file = commit();
        return insertDocument.get(
          row.accountId,
          row.kind,
          row.name,
          row.period,
          file.mimeType,
          file.size,
          file.key,
          row.uploadedBy,
          row.uploaderId,
          new Date().toISOString(),
        );
      })();
      if (!inserted) throw new Error('document insert returned nothing');
      return inserted;
    },

    reportsPage(filters: ReportFilters, page: number, pageSize: number) {
      sweepOrphans();
      const where = reportWhere(filters);
      const total =
        prepare<(string | number)[], { n: number }>(
          `SELECT COUNT(*) AS n FROM bi_reports r LEFT JOIN report_files f ON f.report_id = r.id WHERE ${where.sql}`,
        ).get(...where.values)?.n ?? 0;
      const direction = filters.order === 'asc' ? 'ASC' : 'DESC';
      const rows = prepare<(string | number)[], ReportRow>(
        `${REPORT_SELECT} WHERE ${where.sql} ORDER BY ${REPORT_COLUMNS[filters.sort]} ${direction}, r.id ${direction} LIMIT ? OFFSET ?`,
      ).all(...where.values, pageSize, (page - 1) * pageSize);
      return { rows, total };
    },

    report(id: number): ReportRow | undefined {
      return prepare<[number], ReportRow>(`${REPORT_SELECT} WHERE r.id = ?`).get(id);
    },

    /** Inserts the report, its file row and moves the file into place, in one transaction. */
    addReport(
      row: { accountId: number; title: string; kind: 'financial' | 'hr'; period: string; createdBy: number },
      commit: () => { key: string; size: number; mimeType: string },
      inTransaction: (reportId: number) => void,
    ): ReportRow {
      const id = db.transaction(() => {
        const report = prepare<[number, string, string, string, number], { id: number }>(
          'INSERT INTO bi_reports (account_id, title, kind, created_at, created_by) VALUES (?, ?, ?, ?, ?) RETURNING id',
        ).get(row.accountId, row.title, row.kind, new Date().toISOString(), row.createdBy);
        if (!report) throw new Error('report insert returned nothing');
        const file = commit();
        insertReportFile.run(report.id, row.period, file.mimeType, file.size, file.key);
        inTransaction(report.id);
        return report.id;
      })();
      const stored = this.report(id);
      if (!stored) throw new Error('report vanished after insert');
      return stored;
    },

    /**
     * Wipes and regenerates the seeded documents and report files when the main seed ran since (its
     * `seededAt` differs from ours): a reset or a fresh database.
     */
    seedIfNeeded(accountIds: readonly number[], now: Date = new Date()): void {
      const seededAt = prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'seededAt'").get()
        ?.value;
      const ours = prepare<[], { value: string }>(
        "SELECT value FROM meta WHERE key = 'documentsSeededFor'",
      ).get()?.value;
      if (seededAt !== undefined && ours === seededAt) return;
      files.clear();
      db.transaction(() => {
        db.exec(
          "DELETE FROM documents; DELETE FROM report_files; DELETE FROM orphan_files; DELETE FROM recorded_notifications; DELETE FROM sqlite_sequence WHERE name = 'documents';",
        );
        for (const accountId of accountIds) {
          SEED_DOCUMENTS.forEach((seed, index) => {
            // Three months of each, newest first: periods to filter on, dates to sort on.
            for (let back = 0; back < 3; back += 1) {
              const day = new Date(
                Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back - 1, 3 + index, 9),
              );
              const period = day.toISOString().slice(0, 7);
              const name = `${seed.name} ${period}.pdf`;
              const bytes = makePdf(`${seed.name} - ${period}`, [
                `Dossier ${String(accountId)}`,
                ...seed.lines,
              ]);
              insertDocument.run(
                accountId,
                seed.kind,
                name,
                period,
                'application/pdf',
                bytes.length,
                files.put(bytes),
                'Cabinet',
                null,
                day.toISOString(),
              );
            }
          });
        }
        const reports = prepare<[], { id: number; title: string; created_at: string; account_id: number }>(
          'SELECT id, title, created_at, account_id FROM bi_reports',
        ).all();
        for (const report of reports) {
          const bytes = makePdf(report.title, [`Dossier ${String(report.account_id)}`, 'Rapport BI']);
          insertReportFile.run(
            report.id,
            report.created_at.slice(0, 7),
            'application/pdf',
            bytes.length,
            files.put(bytes),
          );
        }
        prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('documentsSeededFor', ?)").run(
          seededAt ?? '',
        );
      })();
    },
  };
}
