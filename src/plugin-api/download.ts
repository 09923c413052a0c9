import { useCallback } from 'react';
import { readGatewayConfig } from '../api/base-query.ts';
import type { GatewayClientConfig } from '../api/base-query.ts';
import { resolveServicePath } from '../api/service-path.ts';
import { useAppDispatch } from '../store/hooks.ts';

export type DownloadQuery = Readonly<Record<string, string | number | undefined>>;

/**
 * The gateway could not give or take the file: its status (0 when it could not be reached), and from its
 * error body the code (a 413's `quota_exceeded` or `payload_too_large`) and a 429's wait in seconds.
 */
export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  constructor(
    readonly status: number,
    readonly code?: string,
    readonly retryAfterS?: number,
  ) {
    super(`The download failed (${String(status)})`);
  }

  /** From a refused answer: its status, its JSON body (`{ error, retryAfterS }`) and Retry-After header. */
  static fromAnswer(status: number, body: string, retryAfter: string | null): DownloadError {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(body);
    } catch {
      // Not the gateway's JSON (a proxy's page): the status says enough.
    }
    const fields = typeof parsed === 'object' && parsed !== null ? parsed : {};
    const code = 'error' in fields && typeof fields.error === 'string' ? fields.error : undefined;
    const wait =
      'retryAfterS' in fields && typeof fields.retryAfterS === 'number'
        ? fields.retryAfterS
        : Number(retryAfter ?? Number.NaN);
    return new DownloadError(status, code, Number.isFinite(wait) && wait > 0 ? wait : undefined);
  }
}

/** The address of a gateway path with its query, and a fresh session token to send with it. */
export async function gatewayUrl(
  config: GatewayClientConfig | null,
  path: string,
  query: DownloadQuery,
): Promise<{ url: URL; token: string | null }> {
  if (config === null) throw new DownloadError(0);
  const url = new URL(
    resolveServicePath(path, config.services ?? {}),
    new URL(config.gatewayBaseUrl, window.location.origin),
  );
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  return { url, token: await config.refresher.ensureFreshToken() };
}

/** The file at a gateway path, fetched with the person's session; a DownloadError when it does not come. */
export async function fetchGatewayFile(
  config: GatewayClientConfig | null,
  path: string,
  query: DownloadQuery,
): Promise<Blob> {
  const { url, token } = await gatewayUrl(config, path, query);
  const response = await fetch(
    url,
    token === null ? {} : { headers: { Authorization: `Bearer ${token}` } },
  ).catch(() => null);
  if (response === null) throw new DownloadError(0);
  if (!response.ok) throw new DownloadError(response.status);
  return response.blob();
}

/**
 * Downloads a file the gateway makes (a CSV export, a document) with the person's session, and hands it
 * to the browser under `fileName`. A link cannot carry the bearer token, so the file is fetched first.
 *
 * @example
 * const download = useGatewayDownload();
 * await download(contractPath(contractRoutes.bankTransactionsCsv, { params: { id } }), { from, to }, 'operations.csv');
 */
export function useGatewayDownload(): (
  path: string,
  query: DownloadQuery,
  fileName: string,
) => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback(
    async (path, query, fileName) => {
      const blob = await fetchGatewayFile(dispatch(readGatewayConfig()), path, query);
      const href = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = href;
      anchor.download = fileName;
      anchor.rel = 'noopener';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // The browser has taken the file; the object URL can go after this task.
      setTimeout(() => URL.revokeObjectURL(href), 0);
    },
    [dispatch],
  );
}
