import { useCallback } from 'react';
import { readGatewayConfig } from '../api/base-query.ts';
import { gatewayApi } from '../api/gateway-api.ts';
import { useAppDispatch } from '../store/hooks.ts';
import { DownloadError, fetchGatewayFile, gatewayUrl } from './download.ts';
import type { DownloadQuery } from './download.ts';

export type UploadOptions = {
  /** Called as bytes leave the browser: a fraction from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting cancels the upload (the promise rejects with an AbortError DOMException). */
  signal?: AbortSignal;
  /**
   * The cache tags of what the upload changes (a plugin's own, e.g. `{ type: 'Documents', id }`). Once the
   * gateway keeps the file they are invalidated, and RTK Query reads the lists again after any read already
   * on its way: a refetch() called while one runs is skipped and would show the list without the file.
   */
  invalidates?: readonly { type: string; id?: string | number }[];
};

/**
 * Sends a form with files to the gateway with the person's session, reporting progress and cancellable.
 * A fetch cannot report upload progress, so this uses XMLHttpRequest. It resolves with the JSON answer;
 * it rejects with `DownloadError(status, code, retryAfterS)` when the gateway refuses (413 too large or
 * quota_exceeded, 415, 422, 429...) or cannot be reached.
 *
 * @example
 * const upload = useGatewayUpload();
 * const form = new FormData(); form.append('file', file);
 * await upload(contractPath(contractRoutes.uploadDocument, { params: { id } }), { kind }, form, { onProgress: setProgress, signal });
 */
export function useGatewayUpload(): (
  path: string,
  query: DownloadQuery,
  form: FormData,
  options?: UploadOptions,
) => Promise<unknown> {
  const dispatch = useAppDispatch();
  return useCallback(
    async (path, query, form, options = {}) => {
      const { url, token } = await gatewayUrl(dispatch(readGatewayConfig()), path, query);
      return new Promise<unknown>((resolve, reject) => {
        const request = new XMLHttpRequest();
        const abort = () => request.abort();
        if (options.signal?.aborted === true) {
          reject(new DOMException('The upload was cancelled', 'AbortError'));
          return;
        }
        options.signal?.addEventListener('abort', abort, { once: true });
        request.open('POST', url);
        if (token !== null) request.setRequestHeader('Authorization', `Bearer ${token}`);
        request.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
        };
        request.onload = () => {
          options.signal?.removeEventListener('abort', abort);
          if (request.status < 200 || request.status >= 300) {
            reject(
              DownloadError.fromAnswer(
                request.status,
                request.responseText,
                request.getResponseHeader('Retry-After'),
              ),
            );
            return;
          }
          if (options.invalidates !== undefined)
            // Plugins add their tag types to the shared API (enhanceEndpoints): the base type does not list them.
            dispatch(
              gatewayApi.util.invalidateTags(
                options.invalidates as Parameters<typeof gatewayApi.util.invalidateTags>[0],
              ),
            );
          try {
            resolve(request.responseText === '' ? null : (JSON.parse(request.responseText) as unknown));
          } catch {
            resolve(null);
          }
        };
        request.onerror = () => reject(new DownloadError(0));
        request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
        request.send(form);
      });
    },
    [dispatch],
  );
}

/**
 * Opens a file the gateway serves (a PDF, an image) in a new browser tab with the person's session. A
 * link cannot carry the bearer token, so the tab is opened at once (popup blockers allow it only during
 * the click) and given the fetched file when it arrives.
 *
 * @example
 * const open = useGatewayOpen();
 * await open(contractPath(contractRoutes.documentFile, { params: { id } }), { disposition: 'inline' });
 */
export function useGatewayOpen(): (path: string, query: DownloadQuery) => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback(
    async (path, query) => {
      const tab = window.open('', '_blank');
      try {
        const href = URL.createObjectURL(await fetchGatewayFile(dispatch(readGatewayConfig()), path, query));
        if (tab === null) window.location.assign(href);
        else tab.location.href = href;
        // The tab has loaded the file long before this; the object URL can then go.
        setTimeout(() => URL.revokeObjectURL(href), 60_000);
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
    [dispatch],
  );
}
