import { useCallback } from 'react';
import { readGatewayConfig } from '../api/base-query.ts';
import type { GatewayClientConfig } from '../api/base-query.ts';
import { resolveServicePath } from '../api/service-path.ts';
import { useAppDispatch } from '../runtime/hooks.ts';

export type DownloadQuery = Readonly<Record<string, string | number | undefined>>;

/** The gateway could not give the file (its status, or 0 when it could not be reached). */
export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  constructor(readonly status: number) {
    super(`The download failed (${String(status)})`);
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

/**
 * Downloads a file the gateway makes (a CSV export, a document) with the person's session, and hands it
 * to the browser under `fileName`. A link cannot carry the bearer token, so the file is fetched first.
 *
 * @example
 * const download = useGatewayDownload();
 * await download(service('account', `accounts/${id}/bank/transactions.csv`), { from, to }, 'operations.csv');
 */
export function useGatewayDownload(): (
  path: string,
  query: DownloadQuery,
  fileName: string,
) => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback(
    async (path, query, fileName) => {
      const { url, token } = await gatewayUrl(dispatch(readGatewayConfig()), path, query);
      const response = await fetch(
        url,
        token === null ? {} : { headers: { Authorization: `Bearer ${token}` } },
      ).catch(() => null);
      if (response === null) throw new DownloadError(0);
      if (!response.ok) throw new DownloadError(response.status);
      const blob = await response.blob();
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
