// Documents and BI report files: lists, streamed uploads and downloads, ZIPs and deposits. Every call
// checks the caller's membership of the file's entity and the codes of the file's kind, per file: a
// list's route is not trusted to vouch for an id.
import type { Multipart, MultipartFields, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { DOCUMENT_KIND_CODES, REPORT_KIND_CODES } from '../../../kernel/contract/documents-routes.ts';
import { routes } from '../../../kernel/contract/api.ts';
import { HttpError, forbidden, notFound } from '../http/http-error.ts';
import { pageInfo } from '../http/paging.ts';
import type { Handlers } from '../http/route-table.ts';
import {
  currentUser,
  entityPermissions,
  parseCodes,
  requireAnyPermission,
  requireMembership,
} from '../kernel/deps.ts';
import type { Deps } from '../kernel/deps.ts';
import type { Db } from '../db/connection.ts';
import { createStore } from '../db/store.ts';
import type {
  CommittedFile,
  DocumentRow,
  DocumentsQueries,
  DocumentsStore,
  ReportFilters,
  ReportKind,
  ReportRow,
} from './documents-store.ts';
import {
  contentDisposition,
  offeredName,
  quotaExceeded,
  safeDisplayName,
  typeExtension,
} from './file-store.ts';
import type { FileStore } from './file-store.ts';
import type { UploadRules } from './upload-rules.ts';
import { entityRow } from '../kernel/entity-row.ts';

type DocumentRoutes =
  | 'documentPage'
  | 'uploadDocument'
  | 'documentsZip'
  | 'documentFile'
  | 'entityReports'
  | 'walletReports'
  | 'depositReportFile'
  | 'reportFile';

type DocumentKind = keyof typeof DOCUMENT_KIND_CODES;

const isDocumentKind = (value: string): value is DocumentKind => value in DOCUMENT_KIND_CODES;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The mailbox of a list's drop address (the demo's): accounting pieces go to the accounting software's
 * box, the others to the firm's documents, sorted by kind. The portal shows each under its own mail-to flag.
 */
const MAIL_DROP_BOX: Readonly<Record<DocumentKind, string>> = {
  legacy: 'pieces',
  accounting: 'logiciel-comptable',
  'social-management': 'social',
};

/** The Ged-* event a new document of this kind raises (SPEC 3), for the notification deep link. */
const UPLOAD_EVENT = {
  legacy: 'Ged-AccountingDocumentUploaded',
  accounting: 'Ged-AccountingDocumentUploaded',
  'social-management': 'Ged-GSDocumentUploaded',
} as const;

function fieldOf(fields: MultipartFields, name: string): string | undefined {
  const field = fields[name];
  const single: Multipart | undefined = Array.isArray(field) ? field[0] : field;
  return single?.type === 'field' && typeof single.value === 'string' ? single.value : undefined;
}

/** The name a document is shown and offered under; rows kept before names were cleaned are cleaned here. */
const nameOf = (row: DocumentRow) => offeredName(safeDisplayName(row.name), row.mime_type);

function toDocument(row: DocumentRow) {
  return {
    ...entityRow(row),
    kind: isDocumentKind(row.kind) ? row.kind : 'legacy',
    name: nameOf(row),
    period: row.period,
    mimeType: row.mime_type,
    size: row.size,
    uploadedBy: row.uploaded_by,
    createdAt: row.created_at,
  };
}

function toReport(row: ReportRow) {
  return {
    ...entityRow(row),
    accountName: row.account_name,
    title: row.title,
    kind: row.kind,
    period: row.period,
    createdAt: row.created_at,
    hasFile: row.storage_key !== null,
    size: row.size,
  };
}

export function documentsHandlers(
  deps: Deps,
  documents: DocumentsStore,
  files: FileStore,
  rules: UploadRules,
): Pick<Handlers, DocumentRoutes> {
  /** Whether a membership with these rights (`memberships.permissions`) holds one of `codes`. */
  function holdsAny(rights: string, codes: readonly string[]): boolean {
    const held = new Set(entityPermissions(deps, { is_signatory: 0, permissions: rights }));
    return codes.some((code) => held.has(code));
  }

  /** The kinds of reports a membership with these rights may read (none without membership). */
  function reportKinds(rights: string | undefined): ReportKind[] {
    if (rights === undefined) return [];
    return (Object.keys(REPORT_KIND_CODES) as ReportKind[]).filter((kind) =>
      holdsAny(rights, REPORT_KIND_CODES[kind]),
    );
  }

  /** For each kind of report, which of these memberships' rights let their holder read it. */
  function readableWith(rightsSets: readonly string[]): Map<ReportKind, string[]> {
    const readable = new Map<ReportKind, string[]>();
    for (const rights of rightsSets)
      for (const kind of reportKinds(rights)) readable.set(kind, [...(readable.get(kind) ?? []), rights]);
    return readable;
  }

  type ReportsQuery = Omit<ReportFilters, 'userId' | 'accountId' | 'readableWith'> & {
    page: number;
    pageSize: number;
  };

  /** A page of reports of one entity (or of all the user's), readable under these memberships' rights. */
  async function reportsAnswer(
    userId: number,
    accountId: number | undefined,
    rightsSets: readonly string[],
    query: ReportsQuery,
  ) {
    const { kind, period, q, sort, order, page, pageSize } = query;
    const filters = {
      userId,
      accountId,
      readableWith: readableWith(rightsSets),
      kind,
      period,
      q,
      sort,
      order,
    };
    const { rows, total } = await documents.reportsPage(filters, page, pageSize);
    return { items: rows.map(toReport), ...pageInfo(total, page, pageSize) };
  }

  async function requireDocument(userId: number, id: number): Promise<DocumentRow> {
    const row = await documents.document(id);
    // An id that never existed is answered like another entity's: ids reveal nothing.
    if (!row || !isDocumentKind(row.kind)) throw forbidden();
    requireAnyPermission(
      deps,
      await requireMembership(deps, userId, row.account_id),
      DOCUMENT_KIND_CODES[row.kind],
    );
    return row;
  }

  async function receiveFile(request: FastifyRequest): Promise<MultipartFile> {
    if (!request.isMultipart())
      throw new HttpError(415, 'unsupported_media_type', 'Send multipart/form-data.');
    const part = await request.file({
      limits: { fileSize: rules.maxBytes, files: 1, fields: 8, fieldSize: 1000 },
    });
    if (!part) throw new HttpError(422, 'invalid_body', 'The part "file" is missing.');
    return part;
  }

  /** 413 quota_exceeded unless `bytes` more fit in the entity's quota (read through `store`). */
  async function requireRoom(store: DocumentsQueries, accountId: number, bytes: number): Promise<number> {
    const room = rules.entityQuotaBytes - (await store.usedBytes(accountId));
    if (bytes > room) throw quotaExceeded(rules.entityQuotaBytes);
    return room;
  }

  /**
   * Receives the file sent under `name` (a `safeDisplayName`) for the entity, outside any transaction,
   * then commits it in one: `mayUpload` and the quota checked again (the stream takes seconds: a right
   * removed meanwhile, or uploads that filled the quota in parallel, land nothing), the file moved into
   * place, and `write` inserting its row with the name to keep (agreeing with the file's type). Before a
   * byte is stored the person's upload rate and the entity's quota are checked. A commit that fails
   * leaves no file behind, received or moved into place.
   */
  async function store<T>(
    part: MultipartFile,
    upload: {
      name: string;
      accountId: number;
      userId: number;
      /** Throws unless the person may still upload; queries through `db` (the commit's transaction). */
      mayUpload: (db: Db) => Promise<unknown>;
    },
    write: (store: DocumentsQueries, file: CommittedFile & { name: string }) => Promise<T>,
  ): Promise<T> {
    let room: number;
    try {
      await deps.throttle.take([[`upload:${String(upload.userId)}`, rules.uploadsPerUser]]);
      room = await requireRoom(documents, upload.accountId, 1);
    } catch (error) {
      part.file.resume();
      throw error;
    }
    const received = await files.receive(part.file, upload.name, {
      ...rules,
      room: { bytes: room, quotaBytes: rules.entityQuotaBytes },
      isTruncated: () => part.file.truncated,
    });
    const placed: { key?: string } = {};
    try {
      const outcome = await documents.transaction(async (tx) => {
        // The entity's row held to the end (PostgreSQL): two commits to one entity re-check its quota in turn.
        await tx.lockEntity(upload.accountId);
        try {
          await upload.mayUpload(tx.db);
          await requireRoom(tx, upload.accountId, received.size);
        } catch (refusal) {
          // A refusal ends the transaction without a rollback: it wrote nothing, and while the old
          // better-sqlite3 handle shares the connection, a rollback would undo others' writes made meanwhile.
          return { refusal };
        }
        placed.key = files.commit(received);
        const written = await write(tx, {
          name: offeredName(upload.name, received.mimeType),
          key: placed.key,
          size: received.size,
          mimeType: received.mimeType,
        });
        return { written };
      });
      if ('refusal' in outcome) throw outcome.refusal;
      return outcome.written;
    } catch (error) {
      // The transaction did not commit: its row is not there, so neither may its file be.
      if (placed.key === undefined) files.discard(received);
      else files.remove(placed.key);
      throw error;
    }
  }

  function sendFile(
    reply: Parameters<Handlers['documentFile']>[0]['reply'],
    file: { key: string; mimeType: string; size: number; name: string },
    disposition: 'inline' | 'attachment',
  ): Readable {
    reply.header('Content-Type', file.mimeType);
    reply.header('Content-Length', String(file.size));
    reply.header('Content-Disposition', contentDisposition(disposition, file.name));
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'private, no-store');
    return files.open(file.key);
  }

  return {
    documentPage: async ({ session, params, query }) => {
      const user = await currentUser(deps, session);
      const membership = await requireMembership(deps, user.id, params.id);
      requireAnyPermission(deps, membership, DOCUMENT_KIND_CODES[query.kind]);
      const { rows, total } = await documents.documentsPage(
        params.id,
        { kind: query.kind, period: query.period, q: query.q, sort: query.sort, order: query.order },
        query.page,
        query.pageSize,
      );
      const number = ((await documents.accountNumber(params.id)) ?? String(params.id))
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, '');
      return {
        items: rows.map(toDocument),
        ...pageInfo(total, query.page, query.pageSize),
        periods: await documents.periods(params.id, query.kind),
        mailDropAddress: `${MAIL_DROP_BOX[query.kind]}+${number}@depot.demo.test`,
      };
    },

    uploadDocument: async ({ session, params, query, request }) => {
      const mayUpload = async (db: Db = deps.db) => {
        // The checks read through `db` (the commit's transaction when asked at commit).
        const checked = { ...deps, db, store: createStore(db) };
        const user = await currentUser(checked, session);
        requireAnyPermission(
          checked,
          await requireMembership(checked, user.id, params.id),
          DOCUMENT_KIND_CODES[query.kind],
        );
        return user;
      };
      // Checked before a byte is read: a refused caller never writes to disk.
      const user = await mayUpload();
      const part = await receiveFile(request);
      const period = fieldOf(part.fields, 'period');
      if (period !== undefined && !MONTH.test(period)) {
        part.file.resume();
        throw new HttpError(422, 'invalid_body', 'period must be YYYY-MM.');
      }
      const upload = {
        name: safeDisplayName(part.filename),
        accountId: params.id,
        userId: user.id,
        mayUpload,
      };
      const row = await store(part, upload, (tx, file) =>
        tx.insertDocument(
          {
            accountId: params.id,
            kind: query.kind,
            name: file.name,
            period: period ?? new Date().toISOString().slice(0, 7),
            uploadedBy: `${user.first_name} ${user.last_name}`,
            uploaderId: user.id,
          },
          file,
        ),
      );
      await deps.events.publish({
        type: UPLOAD_EVENT[query.kind],
        accountId: params.id,
        actorUserId: user.id,
        subjectId: row.id,
        data: { name: row.name },
        readers: { anyOf: DOCUMENT_KIND_CODES[query.kind] },
      });
      return toDocument(row);
    },

    documentsZip: async ({ session, params, query, reply }) => {
      const user = await currentUser(deps, session);
      await requireMembership(deps, user.id, params.id);
      const ids = [...new Set(query.ids.split(',').map(Number))];
      const rows = await documents.documents(ids);
      if (rows.length !== ids.length) throw forbidden();
      for (const row of rows) {
        if (row.account_id !== params.id) throw forbidden();
        await requireDocument(user.id, row.id);
      }
      const zip = new yazl.ZipFile();
      const used = new Set<string>();
      for (const row of rows) {
        // Two files of the same name stay two entries: "a.pdf", "a (2).pdf".
        const name = nameOf(row);
        let entry = name;
        for (let n = 2; used.has(entry.toLowerCase()); n += 1)
          entry = name.replace(/(\.[^.]*)?$/, (extension) => ` (${String(n)})${extension}`);
        used.add(entry.toLowerCase());
        zip.addReadStreamLazy(entry, { mtime: new Date(row.created_at), compress: false }, (done) => {
          done(null, files.open(row.storage_key));
        });
      }
      zip.end();
      const number = (await documents.accountNumber(params.id)) ?? String(params.id);
      reply.header('Content-Disposition', contentDisposition('attachment', `documents-${number}.zip`));
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'private, no-store');
      // yazl's stream is a Node readable typed as the older interface: wrap it to the class.
      return new PassThrough().wrap(zip.outputStream);
    },

    documentFile: async ({ session, params, query, reply }) => {
      const user = await currentUser(deps, session);
      const row = await requireDocument(user.id, params.id);
      return sendFile(
        reply,
        { key: row.storage_key, mimeType: row.mime_type, size: row.size, name: nameOf(row) },
        query.disposition,
      );
    },

    entityReports: async ({ session, params, query }) => {
      const user = await currentUser(deps, session);
      const membership = await requireMembership(deps, user.id, params.id);
      requireAnyPermission(deps, membership, routes.entityReports.requiresAnyOf);
      return reportsAnswer(user.id, params.id, [membership.permissions], query);
    },

    walletReports: async ({ session, query }) => {
      const user = await currentUser(deps, session);
      // The folders where the collaborator holds the wallet code (as the rights of their memberships there);
      // a customer has no wallet list.
      const allowed = (await deps.store.memberships.rightsSets(user.id)).filter((rights) =>
        holdsAny(rights, routes.walletReports.requiresAnyOf),
      );
      const global = deps.catalogue.expand(parseCodes(user.global_permissions));
      if (
        user.is_customer === 1 ||
        (allowed.length === 0 && !routes.walletReports.requiresAnyOf.some((code) => global.includes(code)))
      )
        throw forbidden();
      return reportsAnswer(user.id, query.accountId, allowed, query);
    },

    depositReportFile: async ({ session, request }) => {
      const user = await currentUser(deps, session);
      const part = await receiveFile(request);
      // The form's fields come before its file part, so the entity is known before a byte is stored.
      const accountId = Number(fieldOf(part.fields, 'accountId'));
      const kind = fieldOf(part.fields, 'kind');
      const title = (fieldOf(part.fields, 'title') ?? '').trim();
      const period = fieldOf(part.fields, 'period') ?? '';
      if (!Number.isInteger(accountId) || accountId < 1) {
        part.file.resume();
        throw forbidden();
      }
      const mayDeposit = async (db: Db = deps.db) => {
        // The checks read through `db` (the commit's transaction when asked at commit).
        const checked = { ...deps, db, store: createStore(db) };
        requireAnyPermission(
          checked,
          await requireMembership(checked, (await currentUser(checked, session)).id, accountId),
          routes.depositReportFile.requiresAnyOf,
        );
      };
      await mayDeposit();
      if (
        (kind !== 'financial' && kind !== 'hr') ||
        title === '' ||
        title.length > 200 ||
        !MONTH.test(period)
      ) {
        part.file.resume();
        throw new HttpError(
          422,
          'invalid_body',
          'kind (financial|hr), title (1-200) and period (YYYY-MM) are required.',
        );
      }
      const upload = {
        name: safeDisplayName(part.filename),
        accountId,
        userId: user.id,
        mayUpload: mayDeposit,
      };
      const reportId = await store(part, upload, (tx, file) =>
        tx.insertReport({ accountId, title, kind, period, createdBy: user.id }, file),
      );
      // After the commit: a notification never tells of a report that is not there.
      await deps.events.publish({
        type: 'Reporting-ReportCreatedCollab',
        accountId,
        actorUserId: user.id,
        subjectId: reportId,
        data: { title },
        readers: { anyOf: REPORT_KIND_CODES[kind] },
      });
      const row = await documents.report(reportId);
      if (!row) throw new Error('report vanished after insert');
      return toReport(row);
    },

    reportFile: async ({ session, params, query, reply }) => {
      const user = await currentUser(deps, session);
      const row = await documents.report(params.id);
      if (!row || !reportKinds(await documents.membershipRights(user.id, row.account_id)).includes(row.kind))
        throw forbidden();
      if (row.storage_key === null || row.mime_type === null || row.size === null)
        throw notFound(`The file of report ${String(params.id)}`);
      return sendFile(
        reply,
        {
          key: row.storage_key,
          mimeType: row.mime_type,
          size: row.size,
          // A title is no file name: its dots are kept and the type's extension is added.
          name: `${safeDisplayName(row.title)}${typeExtension(row.mime_type)}`,
        },
        query.disposition,
      );
    },
  };
}
