// The accounting software of the demo and the tests: a server on a loopback port that answers the
// subset of Pennylane's API v2 the connector uses (pennylane-connector.ts), with seeded documents per
// entity key. The gateway starts it in demo mode when no real API is configured; tests drive it to add
// and remove documents or to fail. It is a stand-in, not a Pennylane emulator: see gateway/README.md.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DOCUMENTS_RESOURCE } from './pennylane-connector.ts';

export type DemoDocument = { name: string; issuedOn: string; mimeType?: string };

type Stored = Required<DemoDocument> & { id: string; createdAt: string; updatedAt: string };

export type DemoAccountingServer = {
  /** The API's base URL (what GATEWAY_ACCOUNTING_API_URL would be for the real one). */
  url: string;
  /** Makes `token` a key of the software, holding these documents (replacing what it held). */
  register: (token: string, documents: readonly DemoDocument[]) => void;
  /** A new document for the holder of `token`; answers its id in the software. */
  add: (token: string, document: DemoDocument) => string;
  /** The software no longer has that document. */
  remove: (token: string, id: string) => void;
  /** The ids the software holds for `token`, oldest first. */
  ids: (token: string) => string[];
  /** Every request answers this status until cleared (undefined), e.g. 500 or 401. */
  failWith: (status: number | undefined) => void;
  /** How many requests it answered (tests of the paging). */
  requests: () => number;
  close: () => Promise<void>;
};

type Options = {
  /** The bytes of a document's file (the gateway hands its PDF maker). */
  fileOf: (document: { name: string; issuedOn: string }) => Buffer;
  /** Items per page at most, whatever `limit` asks (Pennylane's is 100). */
  maxLimit?: number;
};

const PAGE_DEFAULT = 20;

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  });
  response.end(text);
}

export async function startDemoAccountingServer(options: Options): Promise<DemoAccountingServer> {
  const held = new Map<string, Stored[]>();
  let failure: number | undefined;
  let answered = 0;
  let nextId = 1;
  const maxLimit = options.maxLimit ?? 100;

  const stored = (document: DemoDocument): Stored => {
    const now = new Date().toISOString();
    const id = String(nextId);
    nextId += 1;
    return {
      id,
      name: document.name,
      issuedOn: document.issuedOn,
      mimeType: document.mimeType ?? 'application/pdf',
      createdAt: now,
      updatedAt: now,
    };
  };

  const itemOf = (base: string, document: Stored) => ({
    id: Number(document.id),
    filename: document.name,
    label: document.name.replace(/\.[^.]+$/, ''),
    mime_type: document.mimeType,
    size: options.fileOf(document).length,
    date: document.issuedOn,
    created_at: document.createdAt,
    updated_at: document.updatedAt,
    url: `${base}/${DOCUMENTS_RESOURCE}/${document.id}/file`,
  });

  const handle = (request: IncomingMessage, response: ServerResponse, base: string) => {
    answered += 1;
    if (failure !== undefined) {
      send(response, failure, { error: 'demo failure' });
      return;
    }
    const auth = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    const documents = auth?.[1] === undefined ? undefined : held.get(auth[1]);
    if (documents === undefined) {
      send(response, 401, { error: 'Unauthorized' });
      return;
    }
    const url = new URL(request.url ?? '/', base);
    const path = url.pathname.replace(/^\/api\/external\/v2/, '');
    if (request.method !== 'GET') {
      send(response, 405, { error: 'Method not allowed' });
      return;
    }
    if (path === `/${DOCUMENTS_RESOURCE}`) {
      const limit = Math.min(Number(url.searchParams.get('limit') ?? PAGE_DEFAULT) || PAGE_DEFAULT, maxLimit);
      const cursor = url.searchParams.get('cursor');
      const start = cursor === null ? 0 : Number(Buffer.from(cursor, 'base64url').toString());
      const items = documents.slice(start, start + limit);
      const more = start + limit < documents.length;
      send(response, 200, {
        items: items.map((document) => itemOf(base, document)),
        has_more: more,
        next_cursor: more ? Buffer.from(String(start + limit)).toString('base64url') : null,
      });
      return;
    }
    const match = new RegExp(`^/${DOCUMENTS_RESOURCE}/(\\d+)(/file)?$`).exec(path);
    const document = documents.find((candidate) => candidate.id === match?.[1]);
    if (!match || !document) {
      send(response, 404, { error: 'Not found' });
      return;
    }
    if (match[2] === undefined) {
      send(response, 200, itemOf(base, document));
      return;
    }
    const bytes = options.fileOf(document);
    response.writeHead(200, { 'content-type': document.mimeType, 'content-length': String(bytes.length) });
    response.end(bytes);
  };

  const listening: { base: string } = { base: '' };
  const server = createServer((request, response) => {
    handle(request, response, listening.base);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  listening.base = `http://127.0.0.1:${String(port)}/api/external/v2`;

  return {
    url: listening.base,
    register: (token, documents) => {
      held.set(token, documents.map(stored));
    },
    add: (token, document) => {
      const documents = held.get(token) ?? [];
      const added = stored(document);
      held.set(token, [...documents, added]);
      return added.id;
    },
    remove: (token, id) => {
      held.set(
        token,
        (held.get(token) ?? []).filter((document) => document.id !== id),
      );
    },
    ids: (token) => (held.get(token) ?? []).map((document) => document.id),
    failWith: (status) => {
      failure = status;
    },
    requests: () => answered,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
