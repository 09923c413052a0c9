// The connector for Pennylane, modelled on its public API v2 (gateway/README.md says how close it is):
// a company's API token as a bearer, JSON lists paged by cursor (`limit`, `cursor`; the answer's `items`,
// `has_more`, `next_cursor`), the document's metadata by id and its file at the `url` the metadata gives.
// The key travels only in the Authorization header, and only to the configured origin: it never appears
// in a URL, an error message or a log line.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ConnectorFailure } from './connector.ts';
import type { AccountingConnector, RemoteDocument } from './connector.ts';

/** The resource the documents are listed under, below the base URL. */
export const DOCUMENTS_RESOURCE = 'file_attachments';
/** Pennylane's largest page. */
const PAGE_LIMIT = 100;
/** A list longer than this many pages is a cursor going round in circles: the run fails, it does not spin. */
const MAX_PAGES = 1000;

type ConnectorOptions = {
  /** The API's base, e.g. https://app.pennylane.com/api/external/v2 (GATEWAY_ACCOUNTING_API_URL). */
  baseUrl: string;
  /** Items asked per page (tests ask fewer to see the paging). */
  pageLimit?: number;
  /** Longest wait for one answer. */
  timeoutMs?: number;
};

type RawItem = {
  id?: unknown;
  filename?: unknown;
  label?: unknown;
  mime_type?: unknown;
  size?: unknown;
  date?: unknown;
  created_at?: unknown;
  updated_at?: unknown;
  url?: unknown;
};

const DAY = /^\d{4}-\d{2}-\d{2}/;

function documentOf(raw: RawItem): RemoteDocument & { url: string | undefined } {
  const id = typeof raw.id === 'number' || typeof raw.id === 'string' ? String(raw.id) : '';
  const name =
    typeof raw.filename === 'string' && raw.filename.trim() !== ''
      ? raw.filename
      : typeof raw.label === 'string'
        ? raw.label
        : '';
  const date =
    typeof raw.date === 'string' && DAY.test(raw.date)
      ? raw.date
      : typeof raw.created_at === 'string' && DAY.test(raw.created_at)
        ? raw.created_at
        : '';
  if (id === '' || name.replace(/[\p{Cc}\p{Cf}\s]/gu, '') === '' || date === '')
    throw new ConnectorFailure('badAnswer', 'a document without id, name or date');
  return {
    id,
    // No control or format characters (U+202E would reverse what the list shows), as uploads are kept.
    name: name
      .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
      .trim()
      .slice(0, 200),
    mimeType: typeof raw.mime_type === 'string' ? raw.mime_type : 'application/octet-stream',
    size: typeof raw.size === 'number' && Number.isSafeInteger(raw.size) && raw.size >= 0 ? raw.size : 0,
    issuedOn: date.slice(0, 10),
    updatedAt: typeof raw.updated_at === 'string' ? raw.updated_at : date,
    url: typeof raw.url === 'string' ? raw.url : undefined,
  };
}

export function pennylaneConnector(options: ConnectorOptions): AccountingConnector {
  const base = options.baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const limit = options.pageLimit ?? PAGE_LIMIT;
  const timeoutMs = options.timeoutMs ?? 15_000;

  /** GET `url`; the key goes along only to the configured origin. 404 → undefined. */
  async function get(url: string, credential: string): Promise<Response | undefined> {
    const sameOrigin = new URL(url).origin === origin;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          Accept: 'application/json',
          ...(sameOrigin ? { Authorization: `Bearer ${credential}` } : {}),
        },
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // The cause (ECONNREFUSED, a time out) names the host, never the key.
      const cause = (error as { cause?: { code?: unknown } }).cause?.code;
      throw new ConnectorFailure(
        'unreachable',
        `no answer from ${new URL(url).host}${typeof cause === 'string' ? ` (${cause})` : ''}`,
      );
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (response.ok) return response;
    await response.body?.cancel();
    if (response.status === 401 || response.status === 403)
      throw new ConnectorFailure('credentialRefused', `the key was refused (${String(response.status)})`);
    throw new ConnectorFailure('remoteError', `the software answered ${String(response.status)}`);
  }

  async function json(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      throw new ConnectorFailure('badAnswer', 'an answer that is not JSON');
    }
  }

  async function metadata(credential: string, id: string) {
    const response = await get(`${base}/${DOCUMENTS_RESOURCE}/${encodeURIComponent(id)}`, credential);
    if (response === undefined) return undefined;
    const body = await json(response);
    if (typeof body !== 'object' || body === null) throw new ConnectorFailure('badAnswer', 'not a document');
    return documentOf(body);
  }

  return {
    source: 'pennylane',

    listDocuments: async (credential) => {
      const found: RemoteDocument[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < MAX_PAGES; pages += 1) {
        const query = new URLSearchParams({ limit: String(limit) });
        if (cursor !== undefined) query.set('cursor', cursor);
        const response = await get(`${base}/${DOCUMENTS_RESOURCE}?${query.toString()}`, credential);
        if (response === undefined) throw new ConnectorFailure('badAnswer', 'the list answered 404');
        const body = (await json(response)) as {
          items?: unknown;
          has_more?: unknown;
          next_cursor?: unknown;
        } | null;
        if (body === null || !Array.isArray(body.items))
          throw new ConnectorFailure('badAnswer', 'a list without items');
        for (const item of body.items as RawItem[]) {
          const { url: _url, ...document } = documentOf(item);
          found.push(document);
        }
        if (body.has_more !== true) return found;
        if (typeof body.next_cursor !== 'string' || body.next_cursor === '' || body.next_cursor === cursor)
          throw new ConnectorFailure('badAnswer', 'more pages announced without a new cursor');
        cursor = body.next_cursor;
      }
      throw new ConnectorFailure('badAnswer', `more than ${String(MAX_PAGES)} pages`);
    },

    document: async (credential, id) => {
      const found = await metadata(credential, id);
      if (found === undefined) return undefined;
      const { url: _url, ...document } = found;
      return document;
    },

    file: async (credential, id) => {
      const found = await metadata(credential, id);
      if (found === undefined) return undefined;
      if (found.url === undefined) throw new ConnectorFailure('badAnswer', 'a document without a file url');
      const url = new URL(found.url, `${base}/`);
      // The software's own origin, or a file host over https (a signed link carries its own access).
      if (url.origin !== origin && url.protocol !== 'https:')
        throw new ConnectorFailure('badAnswer', 'a file url on another origin without https');
      const response = await get(url.toString(), credential);
      if (response?.body == null) return undefined;
      const length = Number(response.headers.get('content-length'));
      return {
        body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        mimeType: response.headers.get('content-type')?.split(';')[0]?.trim() ?? found.mimeType,
        size: Number.isSafeInteger(length) && length >= 0 ? length : undefined,
      };
    },
  };
}
