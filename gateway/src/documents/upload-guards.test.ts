// Issue 27: what an upload may be called and contain (item 3), how much an entity and a person may send
// (item 9), and the right checked again when the file is complete (item 18), on both upload paths.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { once } from 'node:events';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collaboratorToken, login, startGateway, openTestDb } from '../../test/helpers.ts';
import { gatewaySuite } from '../../test/gateway-suite.ts';
import type { Started } from '../../test/helpers.ts';
import { createStore } from '../db/store.ts';
import { REPO_ROOT } from '../options.ts';
import { makePdf } from './pdf.ts';
import { createDocumentsStore } from './documents-store.ts';
import type { DocumentsStore } from './documents-store.ts';
import { createFileStore, safeDisplayName } from './file-store.ts';

type Report = { id: number; title: string };

const PDF = new Uint8Array(makePdf('Facture', ['Montant : 120 EUR']));
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const DEPOSIT = '/reporting/api/reports/files';
const kit = gatewaySuite(['claire', 'paul'], { timeoutMs: 60_000 });

async function send(
  token: string,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  options: { path?: string; fields?: Readonly<Record<string, string>>; target?: Started } = {},
) {
  const {
    path = '/account/api/accounts/1001/documents?kind=accounting',
    fields = {},
    target = kit.gateway,
  } = options;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

const deposit = (token: string, bytes: Uint8Array<ArrayBuffer>, name: string, title = 'Rapport') =>
  send(token, bytes, name, {
    path: DEPOSIT,
    fields: { accountId: '1001', kind: 'financial', title, period: '2026-10' },
  });

/** A ZIP made by a real writer, with these entries (name → content). */
async function zipOf(entries: Readonly<Record<string, string>>): Promise<Uint8Array<ArrayBuffer>> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries))
    zip.addBuffer(Buffer.from(content), name, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(zip.outputStream, 'end');
  return new Uint8Array(Buffer.concat(chunks));
}

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

async function fileOf(token: string, path: string) {
  const response = await fetch(`${kit.gateway.url}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return {
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
  };
}

const tempFiles = (target: Started = kit.gateway) => readdirSync(join(target.dataDir, 'files', '.tmp'));

describe('uploaded names (item 3)', () => {
  it('refuses an extension outside the manifest’s list, whatever the bytes, on both upload paths', async () => {
    for (const name of ['Facture-mai.bat', 'notice.html', 'image.svg', 'Facture.pdf.exe', 'sans-extension']) {
      const answer = await send(kit.claire, PDF, name);
      expect({ name, status: answer.status, error: answer.body['error'] }).toEqual({
        name,
        status: 415,
        error: 'unsupported_media_type',
      });
      expect((await deposit(kit.paul, PDF, name)).status).toBe(415);
    }
    expect(tempFiles()).toEqual([]);
  });

  it('strips format and control characters, so a right-to-left override hides no extension', async () => {
    // Shown as "Facturetab.pdf" by a bidi-aware screen; really a .bat once the override goes.
    expect((await send(kit.claire, PDF, 'Facture\u202Efdp.bat')).status).toBe(415);
    const answer = await send(kit.claire, PDF, 'Re\u200Bçu\u2066 mai\u0085\uFEFF.pdf');
    expect(answer.status).toBe(201);
    expect(answer.body['name']).toBe('Reçu mai.pdf');
    expect(safeDisplayName('a\u202Eb\u200Fc\u061Cd\u00ADe\u2028f.pdf')).toBe('abcdef.pdf');
  });

  it('offers a file under the extension of its sniffed type (a PDF as .pdf)', async () => {
    const answer = await send(kit.claire, PDF, 'scan.png');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name: 'scan.pdf', mimeType: 'application/pdf' });
    const file = await fileOf(kit.claire, `/account/api/documents/${String(answer.body['id'])}/file`);
    expect(file.type).toBe('application/pdf');
    expect(file.disposition).toMatch(/^attachment; filename="scan\.pdf"; /);
    // An extension of the same type stays as typed.
    expect(
      (await send(kit.claire, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'photo.JPEG'))
        .body,
    ).toMatchObject({ name: 'photo.JPEG', mimeType: 'image/jpeg' });
  });

  it('keeps the extension of a long name', async () => {
    const answer = await send(kit.claire, PDF, `${'é'.repeat(300)}.pdf`);
    expect(answer.status).toBe(201);
    const name = String(answer.body['name']);
    expect(name.endsWith('é.pdf')).toBe(true);
    expect(name.length).toBeLessThanOrEqual(200);
  });

  it('offers a BI report’s file with the extension of its type', async () => {
    const answer = await deposit(kit.paul, PNG, 'graphique.png', 'Graphique T3');
    expect(answer.status).toBe(201);
    const report = answer.body as Report;
    const file = await fileOf(kit.paul, `/reporting/api/reports/${String(report.id)}/file`);
    expect(file.type).toBe('image/png');
    expect(file.disposition).toMatch(/^attachment; filename="Graphique T3\.png"; /);
  });
});

describe('office documents (item 3)', () => {
  it('takes a .docx whose central directory holds [Content_Types].xml', async () => {
    const docx = await zipOf({ '[Content_Types].xml': CONTENT_TYPES, 'word/document.xml': '<w:document/>' });
    const answer = await send(kit.claire, docx, 'Contrat.docx');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      name: 'Contrat.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('refuses any other ZIP named .docx or .xlsx, even one that holds the name in a file’s bytes', async () => {
    const plain = await zipOf({ 'readme.txt': 'hello' });
    const nested = await zipOf({ 'x/[Content_Types].xml': CONTENT_TYPES });
    const mention = await zipOf({ 'notes.txt': `see [Content_Types].xml ${CONTENT_TYPES}` });
    for (const [bytes, name] of [
      [plain, 'a.docx'],
      [plain, 'a.xlsx'],
      [nested, 'b.xlsx'],
      [mention, 'c.docx'],
    ] as const) {
      const answer = await send(kit.claire, bytes, name);
      expect({ name, status: answer.status }).toEqual({ name, status: 415 });
    }
    expect((await deposit(kit.paul, plain, 'rapport.xlsx')).status).toBe(415);
    // The end of a real package, cut: no central directory any more.
    const docx = await zipOf({ '[Content_Types].xml': CONTENT_TYPES });
    expect((await send(kit.claire, docx.subarray(0, docx.length - 30), 'cut.docx')).status).toBe(415);
    expect(tempFiles()).toEqual([]);
  });
});

/**
 * Sends a multipart upload in two halves over a real connection, running `meanwhile` once the gateway has
 * begun writing the file (its temporary file exists) and before the rest is sent.
 */
async function slowUpload(
  token: string,
  path: string,
  fields: Readonly<Record<string, string>>,
  meanwhile: () => unknown,
  file: Uint8Array = PDF,
  target: Started = kit.gateway,
): Promise<{ status: number; body: string }> {
  const boundary = `----slow${String(Date.now())}`;
  const head = [
    ...Object.entries(fields).map(
      ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
    ),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lent.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  ].join('');
  const half = Math.floor(file.length / 2);
  const request = httpRequest(`${target.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  request.write(Buffer.concat([Buffer.from(head), file.subarray(0, half)]));
  for (let waited = 0; tempFiles(target).length === 0; waited += 10) {
    if (waited > 5000) throw new Error('the gateway never started writing the file');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await meanwhile();
  request.end(Buffer.concat([file.subarray(half), Buffer.from(`\r\n--${boundary}--\r\n`)]));
  return answer;
}

/** Replaces the membership's codes by `codes` (apply), then puts the old ones back (restore). */
async function withCodes(email: string, accountId: number, codes: readonly string[]) {
  const db = await openTestDb(kit.gateway);
  const store = createStore(db);
  const user = await store.users.byEmail(email);
  if (!user) throw new Error(`no user ${email}`);
  const userId = user.id;
  const before = (await store.memberships.of(userId, accountId))?.permissions;
  const set = async (permissions: string) => {
    await db
      .updateTable('memberships')
      .set({ permissions })
      .where('user_id', '=', userId)
      .where('account_id', '=', accountId)
      .execute();
  };
  return {
    apply: () => set(JSON.stringify(codes)),
    restore: async () => {
      if (before !== undefined) await set(before);
      await db.destroy();
    },
  };
}

/** Runs `work` on the target's database, read only, through the documents store as the gateway does. */
async function onStore<T>(work: (documents: DocumentsStore) => Promise<T>, target: Started = kit.gateway) {
  const db = await openTestDb(target, { readonly: true });
  try {
    return await work(createDocumentsStore(db, createFileStore(join(target.dataDir, 'files'))));
  } finally {
    await db.destroy();
  }
}

/** The rows of a table (of one entity's only, if given). */
const countRows = (table: 'documents' | 'bi_reports', target: Started = kit.gateway, accountId?: number) =>
  onStore(async ({ db }) => {
    let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (accountId !== undefined) query = query.where('account_id', '=', accountId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }, target);

/** Bytes the entity holds, as its quota counts them. */
const usedBytes = (accountId: number, target: Started) =>
  onStore((documents) => documents.usedBytes(accountId), target);

/**
 * Runs `upload` while the uploader's codes on entity 1001 drop to `kept` once the file has begun: the
 * upload is refused, and neither a row of `table` nor a temporary file is left behind.
 */
async function refusedMidStream(
  table: 'documents' | 'bi_reports',
  email: string,
  kept: readonly string[],
  upload: (meanwhile: () => unknown) => Promise<{ status: number }>,
) {
  const before = await countRows(table);
  const codes = await withCodes(email, 1001, kept);
  try {
    expect((await upload(codes.apply)).status).toBe(403);
  } finally {
    await codes.restore();
  }
  expect(await countRows(table)).toBe(before);
  expect(tempFiles()).toEqual([]);
}

describe('the right checked again when the file is complete (item 18)', () => {
  it('does not keep a document whose uploader lost the code while it streamed', async () => {
    await refusedMidStream('documents', 'claire.solo@demo.test', [], (meanwhile) =>
      slowUpload(kit.claire, '/account/api/accounts/1001/documents?kind=accounting', {}, meanwhile),
    );
    // With the code back, the same upload lands.
    expect(
      (
        await slowUpload(
          kit.claire,
          '/account/api/accounts/1001/documents?kind=accounting',
          {},
          () => undefined,
        )
      ).status,
    ).toBe(201);
  });

  it('does not keep a BI report whose depositor lost CORAP001 while it streamed', async () => {
    await refusedMidStream('bi_reports', 'paul.collab@demo.test', ['CORAPP001'], (meanwhile) =>
      slowUpload(
        kit.paul,
        DEPOSIT,
        { accountId: '1001', kind: 'financial', title: 'Lent', period: '2026-10' },
        meanwhile,
      ),
    );
  });
});

/** A gateway whose manifest has these upload constants (the rest as shipped). */
async function gatewayWith(documents: Readonly<Record<string, unknown>>): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'upload-manifest-'));
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'portal.config.json'), 'utf8')) as {
    constants: { documents: Record<string, unknown> };
  };
  Object.assign(manifest.constants.documents, documents);
  const manifestPath = join(dir, 'portal.config.json');
  writeFileSync(manifestPath, JSON.stringify(manifest));
  const started = await startGateway({ manifestPath });
  return {
    ...started,
    dispose: async () => {
      await started.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const padded = (bytes: number) => {
  const file = new Uint8Array(bytes).fill(0x20);
  file.set(PDF.subarray(0, Math.min(PDF.length, bytes)));
  return file;
};

describe('the storage quota of an entity (item 9)', () => {
  let full: Started;
  let token: string;
  let collab: string;
  const QUOTA = 400_000;
  beforeAll(async () => {
    full = await gatewayWith({ entityQuotaBytes: QUOTA });
    token = await login(full, 'claire.solo@demo.test');
    collab = await collaboratorToken(full, 'paul.collab@demo.test');
  });
  afterAll(async () => {
    await full.dispose();
  });
  const used = () => usedBytes(1001, full);

  it('keeps what fits, refuses with 413 quota_exceeded what does not, and keeps nothing of it', async () => {
    const room = QUOTA - (await used());
    expect(room).toBeGreaterThan(100_000);
    const fits = await send(token, padded(room - 1000), 'gros.pdf', { target: full });
    expect(fits.status).toBe(201);
    const over = await send(token, padded(2000), 'encore.pdf', { target: full });
    expect(over).toMatchObject({ status: 413, body: { error: 'quota_exceeded', quotaBytes: QUOTA } });
    expect(await used()).toBe(QUOTA - 1000);
    // The BI deposit counts against the same entity.
    const report = await send(collab, padded(2000), 'r.pdf', {
      target: full,
      path: DEPOSIT,
      fields: { accountId: '1001', kind: 'financial', title: 'Trop', period: '2026-10' },
    });
    expect(report).toMatchObject({ status: 413, body: { error: 'quota_exceeded' } });
    expect(tempFiles(full)).toEqual([]);
    // Another entity is not concerned.
    expect(
      (
        await send(collab, padded(2000), 'autre.pdf', {
          target: full,
          path: '/account/api/accounts/1002/documents?kind=accounting',
        })
      ).status,
    ).toBe(201);
  });

  it('checks the quota again at commit: of two uploads that each fit, the one finishing last is refused', async () => {
    const slow = await countRows('documents', full, 1003);
    expect(slow).toBeGreaterThan(0);
    const room = QUOTA - (await usedBytes(1003, full));
    const half = Math.floor(room / 2) + 1000;
    const paulOn1003 = collab;
    const answer = await slowUpload(
      paulOn1003,
      '/account/api/accounts/1003/documents?kind=accounting',
      {},
      async () => {
        const quick = await send(paulOn1003, padded(half), 'rapide.pdf', {
          target: full,
          path: '/account/api/accounts/1003/documents?kind=accounting',
        });
        expect(quick.status).toBe(201);
      },
      padded(half),
      full,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'quota_exceeded' });
    expect(tempFiles(full)).toEqual([]);
  });
});

describe('the upload rate of a person (item 9)', () => {
  it('answers 429 with Retry-After past the manifest’s rate, per person, on both upload paths', async () => {
    const limited = await gatewayWith({ uploadsPerUser: { max: 3, windowSeconds: 600 } });
    try {
      const [token, other, collab] = await Promise.all([
        login(limited, 'claire.solo@demo.test'),
        login(limited, 'marc.multi@demo.test'),
        collaboratorToken(limited, 'paul.collab@demo.test'),
      ]);
      for (let n = 0; n < 3; n += 1)
        expect((await send(token, PDF, `f${String(n)}.pdf`, { target: limited })).status).toBe(201);
      const refused = await send(token, PDF, 'f4.pdf', { target: limited });
      expect(refused).toMatchObject({ status: 429, body: { error: 'too_many_requests' } });
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(500);
      expect(wait).toBeLessThanOrEqual(600);
      expect(refused.body['retryAfterS']).toBe(wait);
      expect(tempFiles(limited)).toEqual([]);
      // Someone else uploads on the same entity.
      expect((await send(other, PDF, 'm.pdf', { target: limited })).status).toBe(201);
      const fields = { accountId: '1001', kind: 'financial', title: 'T', period: '2026-10' };
      for (let n = 0; n < 3; n += 1)
        expect((await send(collab, PDF, 'r.pdf', { target: limited, path: DEPOSIT, fields })).status).toBe(
          201,
        );
      expect((await send(collab, PDF, 'r.pdf', { target: limited, path: DEPOSIT, fields })).status).toBe(429);
    } finally {
      await limited.dispose();
    }
  });
});
