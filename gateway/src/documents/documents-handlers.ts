// Documents and BI report files: lists, streamed uploads and downloads, ZIPs and deposits. Every call
// checks the caller's membership of the file's entity and the codes of the file's kind, per file: a
// list's route is not trusted to vouch for an id.
import type { Multipart, MultipartFields, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { DOCUMENT_KIND_CODES, REPORT_KIND_CODES } from '../../contract/documents-routes.ts';
import { routes } from '../../contract/api.ts';
import { HttpError, forbidden, notFound } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import {
  currentUser,
  entityPermissions,
  parseCodes,
  requireAnyPermission,
  requireMembership,
} from '../routes/deps.ts';
import type { Deps } from '../routes/deps.ts';
import type { DocumentRow, DocumentsStore, ReportRow } from './documents-store.ts';
import {
  contentDisposition,
  offeredName,
  quotaExceeded,
  safeDisplayName,
  typeExtension,
} from './file-store.ts';
import type { FileStore } from './file-store.ts';
import type { UploadRules } from './upload-rules.ts';

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
type ReportKind = keyof typeof REPORT_KIND_CODES;

const isDocumentKind = (value: string): value is DocumentKind => value in DOCUMENT_KIND_CODES;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

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
    id: row.id,
    accountId: row.account_id,
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
    id: row.id,
    accountId: row.account_id,
    accountName: row.account_name,
    title: row.title,
    kind: row.kind,
    period: row.period,
    createdAt: row.created_at,
    hasFile: row.storage_key !== null,
    size: row.size,
  };
}

const pageOf = (page: number, pageSize: number, total: number) => {
  const totalPage = Math.max(1, Math.ceil(total / pageSize));
  if (page > totalPage)
    throw new HttpError(
      400,
      'bad_request',
      `Page ${String(page)} is past the last page (${String(totalPage)}).`,
    );
  return totalPage;
};

export function documentsHandlers(
  deps: Deps,
  documents: DocumentsStore,
  files: FileStore,
  rules: UploadRules,
): Pick<Handlers, DocumentRoutes> {
  /** The kinds of reports the user may read on the entity (none without membership). */
  function reportKinds(userId: number, accountId: number): ReportKind[] {
    const membership = deps.store.q.membership.get(userId, accountId);
    if (!membership) return [];
    const held = new Set(entityPermissions(deps, membership));
    return (Object.keys(REPORT_KIND_CODES) as ReportKind[]).filter((kind) =>
      REPORT_KIND_CODES[kind].some((code) => held.has(code)),
    );
  }

  async function requireDocument(userId: number, id: number): Promise<DocumentRow> {
    const row = documents.document(id);
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

  /** 413 quota_exceeded unless `bytes` more fit in the entity's quota. */
  function requireRoom(accountId: number, bytes: number): number {
    const room = rules.entityQuotaBytes - documents.usedBytes(accountId);
    if (bytes > room) throw quotaExceeded(rules.entityQuotaBytes);
    return room;
  }

  /**
   * Receives the file sent under `name` (a `safeDisplayName`) for the entity, then runs `write` with the
   * name to keep (agreeing with the file's type) and the commit that moves the file into place, to call
   * inside the transaction that inserts its row. Before a byte is stored the person's upload rate and the
   * entity's quota are checked; the stream takes seconds, so the commit asks `mayUpload` and the quota
   * again (a right removed meanwhile, or uploads that filled the quota in parallel, land nothing). A write
   * that throws leaves no received file behind.
   */
  async function store<T>(
    part: MultipartFile,
    upload: { name: string; accountId: number; userId: number; mayUpload: () => Promise<unknown> },
    write: (file: { name: string; commit: () => { key: string; size: number; mimeType: string } }) => T,
  ): Promise<T> {
    let room: number;
    try {
      deps.throttle.take([[`upload:${String(upload.userId)}`, rules.uploadsPerUser]]);
      room = requireRoom(upload.accountId, 1);
    } catch (error) {
      part.file.resume();
      throw error;
    }
    const received = await files.receive(part.file, upload.name, {
      ...rules,
      room: { bytes: room, quotaBytes: rules.entityQuotaBytes },
      isTruncated: () => part.file.truncated,
    });
    try {
      await upload.mayUpload();
      return write({
        name: offeredName(upload.name, received.mimeType),
        commit: () => {
          requireRoom(upload.accountId, received.size);
          return { key: files.commit(received), size: received.size, mimeType: received.mimeType };
        },
      });
    } catch (error) {
      files.discard(received);
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
      const { rows, total } = documents.documentsPage(
        params.id,
        { kind: query.kind, period: query.period, q: query.q, sort: query.sort, order: query.order },
        query.page,
        query.pageSize,
      );
      const entity = deps.store.q.entity.get(user.id, params.id);
      const number = (entity?.account_number ?? String(params.id)).toLowerCase().replace(/[^a-z0-9-]/g, '');
      return {
        items: rows.map(toDocument),
        currentPage: query.page,
        totalPage: pageOf(query.page, query.pageSize, total),
        totalItems: total,
        periods: documents.periods(params.id, query.kind),
        mailDropAddress: `${query.kind === 'social-management' ? 'social' : 'pieces'}+${number}@depot.demo.test`,
      };
    },

    uploadDocument: async ({ session, params, query, request }) => {
      const mayUpload = async () => {
        const user = await currentUser(deps, session);
        requireAnyPermission(
          deps,
          await requireMembership(deps, user.id, params.id),
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
      const row = await store(part, upload, ({ name, commit }) =>
        documents.addDocument(
          {
            accountId: params.id,
            kind: query.kind,
            name,
            period: period ?? new Date().toISOString().slice(0, 7),
            uploadedBy: `${user.first_name} ${user.last_name}`,
            uploaderId: user.id,
          },
          commit,
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
      const rows = documents.documents(ids);
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
      const entity = deps.store.q.entity.get(user.id, params.id);
      reply.header(
        'Content-Disposition',
        contentDisposition('attachment', `documents-${entity?.account_number ?? String(params.id)}.zip`),
      );
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'private, no-store');
      // yazl's stream is a Node readable typed as the older interface: wrap it to the class.
      return new PassThrough().wrap(zip.outputStream);
    },

    documentFile: async ({ session, params, query, reply }) => {
      const user = await currentUser(deps, session);
      const row = requireDocument(user.id, params.id);
      return sendFile(
        reply,
        {
          key: (await row).storage_key,
          mimeType: (await row).mime_type,
          size: (await row).size,
          name: nameOf(await row),
        },
        query.disposition,
      );
    },

    entityReports: async ({ session, params, query }) => {
      const user = await currentUser(deps, session);
      requireAnyPermission(
        deps,
        await requireMembership(deps, user.id, params.id),
        routes.entityReports.requiresAnyOf,
      );
      const { rows, total } = documents.reportsPage(
        {
          accountIds: [params.id],
          kindsByAccount: new Map([[params.id, reportKinds(user.id, params.id)]]),
          kind: query.kind,
          period: query.period,
          q: query.q,
          sort: query.sort,
          order: query.order,
        },
        query.page,
        query.pageSize,
      );
      return {
        items: rows.map(toReport),
        currentPage: query.page,
        totalPage: pageOf(query.page, query.pageSize, total),
        totalItems: total,
      };
    },

    walletReports: async ({ session, query }) => {
      const user = await currentUser(deps, session);
      // The folders where the collaborator holds the wallet code; a customer has no wallet list.
      const allowed = deps.store.q.allEntitiesOfUser
        .all(user.id)
        .map((entity) => entity.account_id)
        .filter((accountId) => {
          const membership = deps.store.q.membership.get(user.id, accountId);
          const held = membership === undefined ? [] : entityPermissions(deps, membership);
          return routes.walletReports.requiresAnyOf.some((code) => held.includes(code));
        });
      const global = deps.catalogue.expand(parseCodes(user.global_permissions));
      if (
        user.is_customer === 1 ||
        (allowed.length === 0 && !routes.walletReports.requiresAnyOf.some((code) => global.includes(code)))
      )
        throw forbidden();
      const scope = query.accountId === undefined ? allowed : allowed.filter((id) => id === query.accountId);
      const { rows, total } = documents.reportsPage(
        {
          accountIds: scope,
          kindsByAccount: new Map(scope.map((id) => [id, reportKinds(user.id, id)])),
          kind: query.kind,
          period: query.period,
          q: query.q,
          sort: query.sort,
          order: query.order,
        },
        query.page,
        query.pageSize,
      );
      return {
        items: rows.map(toReport),
        currentPage: query.page,
        totalPage: pageOf(query.page, query.pageSize, total),
        totalItems: total,
      };
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
      const mayDeposit = async () => {
        requireAnyPermission(
          deps,
          await requireMembership(deps, (await currentUser(deps, session)).id, accountId),
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
      const row = await store(part, upload, ({ commit }) =>
        documents.addReport({ accountId, title, kind, period, createdBy: user.id }, commit, (reportId) => {
          deps.events.publish({
            type: 'Reporting-ReportCreatedCollab',
            accountId,
            actorUserId: user.id,
            subjectId: reportId,
            data: { title },
            readers: { anyOf: REPORT_KIND_CODES[kind] },
          });
        }),
      );
      return toReport(row);
    },

    reportFile: async ({ session, params, query, reply }) => {
      const user = await currentUser(deps, session);
      const row = documents.report(params.id);
      if (!row || !reportKinds(user.id, row.account_id).includes(row.kind)) throw forbidden();
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
