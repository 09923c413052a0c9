// Documents v2 from the accounting software (issue 31 row 1): the Pennylane-shaped connector against the
// local software (paging, refusals, failures), the sync through the gateway (what it stores, marks removed,
// records, tells and to whom), who may read and sync, the lease between two instances, and the entity's key
// kept out of every answer and log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  json,
  openTestDb,
  sessionOf,
  startGateway,
  statusOf,
  type Started,
} from '../../test/helpers.ts';
import type { Db } from '../db/connection.ts';
import { createEventBus } from '../events.ts';
import { createAccountingSyncStore } from './accounting-sync-store.ts';
import { ConnectorFailure, type AccountingConnector, type RemoteDocument } from './connector.ts';
import { startDemoAccountingServer, type DemoAccountingServer } from './demo-accounting-server.ts';
import { pennylaneConnector } from './pennylane-connector.ts';
import { createAccountingSync } from './sync-job.ts';

type SyncState = { connection: string; state: string; reason: string | null; added: number; removed: number };
type SyncedPage = {
  items: { id: number; name: string; source: string; issuedOn: string }[];
  totalItems: number;
  sync: SyncState & { finishedAt: string | null };
};
type Notifications = { items: { type: string; accountId: number; data: { name?: string } }[] };

const pdf = (document: { name: string }) => Buffer.from(`%PDF-1.4 ${document.name}`);

describe('the Pennylane connector against the local software', () => {
  let server: DemoAccountingServer;
  beforeAll(async () => {
    // Two items a page at most: five documents take three pages.
    server = await startDemoAccountingServer({ fileOf: pdf, maxLimit: 2 });
    server.register(
      'key-a',
      ['a', 'b', 'c', 'd', 'e'].map((name, index) => ({
        name: `${name}.pdf`,
        issuedOn: `2026-10-0${String(index + 1)}`,
      })),
    );
  });
  afterAll(() => server.close());

  it('follows the cursor to the last page and reads every document', async () => {
    const before = server.requests();
    const found = await pennylaneConnector({ baseUrl: server.url }).listDocuments('key-a');
    expect(found.map((document) => document.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf']);
    expect(found[2]).toMatchObject({ issuedOn: '2026-10-03', mimeType: 'application/pdf' });
    expect(server.requests() - before).toBe(3);
  });

  it('serves a document’s bytes, and nothing for one the software no longer has', async () => {
    const connector = pennylaneConnector({ baseUrl: server.url });
    const [first] = server.ids('key-a');
    const file = await connector.file('key-a', first ?? '');
    const chunks: Buffer[] = [];
    for await (const chunk of file?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.4 a.pdf');
    expect(await connector.file('key-a', '999999')).toBeUndefined();
  });

  it('fails with the reason the page shows: a refused key, an error, no answer; the key in no message', async () => {
    const connector = pennylaneConnector({ baseUrl: server.url });
    const reasonOf = async (work: Promise<unknown>) => {
      const error: unknown = await work.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConnectorFailure);
      expect((error as Error).message).not.toContain('secret-key');
      return (error as ConnectorFailure).reason;
    };
    expect(await reasonOf(connector.listDocuments('secret-key'))).toBe('credentialRefused');
    server.failWith(503);
    expect(await reasonOf(connector.listDocuments('key-a'))).toBe('remoteError');
    server.failWith(undefined);
    const closed = await startDemoAccountingServer({ fileOf: pdf });
    await closed.close();
    expect(await reasonOf(pennylaneConnector({ baseUrl: closed.url }).listDocuments('secret-key'))).toBe(
      'unreachable',
    );
  });
});

describe('documents v2 through the gateway (demo: the local software)', () => {
  let gateway: Started;
  let db: Db;
  let software: DemoAccountingServer;
  const tokens: Record<'claire' | 'marc' | 'paul' | 'lea', string> = {
    claire: '',
    marc: '',
    paul: '',
    lea: '',
  };
  const logLines: string[] = [];
  let key = '';

  const list = (token: string, accountId = 1001) =>
    call(gateway, 'GET', `/accounting-integration/api/accounts/${String(accountId)}/synced-documents`, {
      token,
    });
  const sync = async (token: string) =>
    json<SyncState>(await call(gateway, 'POST', '/accounting-integration/api/accounts/1001/sync', { token }));
  const bell = async (token: string) =>
    json<Notifications>(
      await call(gateway, 'GET', '/contact/api/contacts/currentuser/notifications', { token }),
    ).items.filter((item) => item.type === 'Ged-PennylaneDocumentSyncCompleted');

  beforeAll(async () => {
    gateway = await startGateway({
      logLevel: 'info',
      logStream: { write: (line) => void logLines.push(line) },
    });
    db = await openTestDb(gateway);
    if (gateway.accountingSoftware === undefined) throw new Error('demo mode starts the local software');
    software = gateway.accountingSoftware;
    tokens.claire = await sessionOf(gateway, 'claire.solo@demo.test', true);
    tokens.marc = await sessionOf(gateway, 'marc.multi@demo.test', true);
    tokens.paul = await sessionOf(gateway, 'paul.collab@demo.test', false);
    tokens.lea = await sessionOf(gateway, 'lea.collab@demo.test', false);
    const row = await db
      .selectFrom('accounting_credentials')
      .select('token')
      .where('account_id', '=', 1001)
      .executeTakeFirstOrThrow();
    key = row.token;
  });
  afterAll(async () => {
    await db.destroy();
    await gateway.dispose();
  });

  it('has imported at start what the software holds, and told nobody of it', async () => {
    const page = json<SyncedPage>(await list(tokens.claire));
    expect(page.totalItems).toBe(6);
    expect(page.items[0]).toMatchObject({
      name: 'Facture fournisseur - Minoterie Dupuis.pdf',
      source: 'pennylane',
    });
    expect(page.sync).toMatchObject({ connection: 'ready', state: 'done', reason: null, added: 6 });
    expect(await bell(tokens.claire)).toEqual([]);
  });

  it('is read by the entity’s collaborators (Léa, no code) and CLGEDPEN01 holders; refused to others', async () => {
    expect((await list(tokens.lea)).status).toBe(200);
    expect((await list(tokens.paul)).status).toBe(200);
    // Marc holds CLGED0002 on 1001 (the archive) but not CLGEDPEN01.
    expect((await list(tokens.marc)).status).toBe(403);
    // 1002 has no accounting-software offer; 1003's is pending.
    expect((await list(tokens.paul, 1002)).status).toBe(403);
    expect((await list(tokens.paul, 1003)).status).toBe(403);
    expect(
      await statusOf(gateway, 'POST', '/accounting-integration/api/accounts/1001/sync', {
        token: tokens.marc,
      }),
    ).toBe(403);
  });

  it('finds a document added in the software, and tells the collaborators and the CLGEDPEN01 holders', async () => {
    const added = await call(gateway, 'POST', '/__admin/accounting-software/documents', {
      body: { accountId: 1001, name: 'Facture fournisseur - Farines du Sud.pdf' },
    });
    expect(added.status).toBe(201);
    // Léa asks: a collaborator without any code may sync.
    expect(await sync(tokens.lea)).toMatchObject({ state: 'done', added: 1, removed: 0, reason: null });
    const page = json<SyncedPage>(await list(tokens.claire));
    expect(page.totalItems).toBe(7);
    expect(page.items.map((item) => item.name)).toContain('Facture fournisseur - Farines du Sud.pdf');
    for (const reader of [tokens.claire, tokens.paul, tokens.lea])
      expect((await bell(reader)).map((item) => item.data.name)).toEqual([
        'Facture fournisseur - Farines du Sud.pdf',
      ]);
    expect(await bell(tokens.marc)).toEqual([]);
    // A sync that finds nothing new tells nobody again.
    expect(await sync(tokens.paul)).toMatchObject({ state: 'done', added: 0 });
    expect(await bell(tokens.claire)).toHaveLength(1);
  });

  it('serves a synced document’s file from the software', async () => {
    const [first] = json<SyncedPage>(await list(tokens.claire)).items;
    const answer = await fetch(
      `${gateway.url}/accounting-integration/api/synced-documents/${String(first?.id)}/file`,
      {
        headers: { authorization: `Bearer ${tokens.lea}` },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toContain('attachment');
    expect(
      Buffer.from(await answer.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const refused = await statusOf(
      gateway,
      'GET',
      `/accounting-integration/api/synced-documents/${String(first?.id)}/file`,
      {
        token: tokens.marc,
      },
    );
    expect(refused).toBe(403);
  });

  it('marks the documents the software no longer has as removed, and leaves them out', async () => {
    const before = json<SyncedPage>(await list(tokens.claire)).items;
    const gone = before.find((item) => item.name === 'Relevé bancaire - octobre.pdf');
    const row = await db
      .selectFrom('accounting_documents')
      .select('source_id')
      .where('id', '=', gone?.id ?? 0)
      .executeTakeFirstOrThrow();
    software.remove(key, row.source_id);
    expect(await sync(tokens.paul)).toMatchObject({ state: 'done', added: 0, removed: 1 });
    const after = json<SyncedPage>(await list(tokens.claire));
    expect(after.items.map((item) => item.name)).not.toContain('Relevé bancaire - octobre.pdf');
    const marked = await db
      .selectFrom('accounting_documents')
      .select('removed_at')
      .where('id', '=', gone?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(marked.removed_at).not.toBeNull();
    expect(
      await statusOf(
        gateway,
        'GET',
        `/accounting-integration/api/synced-documents/${String(gone?.id)}/file`,
        {
          token: tokens.claire,
        },
      ),
    ).toBe(404);
  });

  it('records a failed run with its reason, keeping what was found before', async () => {
    software.failWith(500);
    try {
      expect(await sync(tokens.paul)).toMatchObject({ state: 'failed', reason: 'remoteError' });
    } finally {
      software.failWith(undefined);
    }
    const page = json<SyncedPage>(await list(tokens.claire));
    expect(page.sync).toMatchObject({ state: 'failed', reason: 'remoteError' });
    expect(page.totalItems).toBe(6);
    software.failWith(401);
    try {
      expect(await sync(tokens.paul)).toMatchObject({ state: 'failed', reason: 'credentialRefused' });
    } finally {
      software.failWith(undefined);
    }
    expect(await sync(tokens.paul)).toMatchObject({ state: 'done', reason: null });
  });

  it('says when the entity has no key, and fails its sync with that reason', async () => {
    await db.deleteFrom('accounting_credentials').where('account_id', '=', 1001).execute();
    try {
      expect(json<SyncedPage>(await list(tokens.claire)).sync.connection).toBe('noCredential');
      expect(await sync(tokens.paul)).toMatchObject({ state: 'failed', reason: 'noCredential' });
    } finally {
      await db
        .insertInto('accounting_credentials')
        .values({ account_id: 1001, token: key, updated_at: '2026-11-27' })
        .execute();
    }
  });

  it('never answers nor logs the entity’s key', async () => {
    const answers = [
      await list(tokens.claire),
      await call(gateway, 'POST', '/accounting-integration/api/accounts/1001/sync', { token: tokens.paul }),
      await call(gateway, 'GET', '/contact/api/contacts/currentuser/notifications', { token: tokens.paul }),
    ];
    expect(key.length).toBeGreaterThan(20);
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(key);
    expect(logLines.join('\n')).toContain('accounting sync failed');
    expect(logLines.join('\n')).not.toContain(key);
  });
});

describe('two instances on one database', () => {
  let gateway: Started;
  let db: Db;
  beforeAll(async () => {
    gateway = await startGateway();
    db = await openTestDb(gateway);
  });
  afterAll(async () => {
    await db.destroy();
    await gateway.dispose();
  });

  it('never run the same entity’s sync at once: the second waits for the first, then runs', async () => {
    let running = 0;
    let most = 0;
    let calls = 0;
    const slow: AccountingConnector = {
      source: 'pennylane',
      listDocuments: async (): Promise<RemoteDocument[]> => {
        running += 1;
        calls += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 300));
        running -= 1;
        return [];
      },
      document: () => Promise.resolve(undefined),
      file: () => Promise.resolve(undefined),
    };
    const deps = {
      events: createEventBus(() => undefined),
      log: { warn: () => undefined, error: () => undefined },
    };
    const one = createAccountingSync(deps, createAccountingSyncStore(db), slow, { pollMs: 20 });
    const other = createAccountingSync(deps, createAccountingSyncStore(db), slow, { pollMs: 20 });
    const [first, second] = await Promise.all([one.syncNow(1001), other.syncNow(1001)]);
    expect(most).toBe(1);
    expect(calls).toBe(2);
    expect(first.state).toBe('done');
    expect(second.state).toBe('done');
  });
});
