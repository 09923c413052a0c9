import type { Logger } from '../logging/logger.ts';
import { UNPREFIXED_CALLS } from '../api/service-path.ts';

/** The user's login page from `GET userorigin` (SPEC 2): 'COLLAB' → collaborator login, else client login. */
export type LoginChoice = 'client' | 'collaborator';

/** What the answer of `GET userorigin` means for the login page (null: the call failed). */
export function loginChoiceOf(origin: unknown): LoginChoice {
  return origin === 'COLLAB' ? 'collaborator' : 'client';
}

/**
 * `GET userorigin` as a plain fetch, for the sign-in app (no store): the same anonymous call the portal's
 * session actions make through RTK Query, with the same JSON content type; a failure is logged and
 * leaves the client login (SPEC 8).
 */
export async function fetchLoginChoice(options: {
  gatewayBaseUrl: string;
  timeoutMs: number;
  logger: Logger;
  fetchFn?: typeof fetch;
}): Promise<LoginChoice> {
  const fetchFn = options.fetchFn ?? ((...args) => fetch(...args));
  const url = `${options.gatewayBaseUrl.replace(/\/+$/, '')}/${UNPREFIXED_CALLS.userOrigin}`;
  try {
    const response = await fetchFn(url, {
      headers: { 'Content-Type': 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) throw Object.assign(new Error('userorigin'), { status: response.status });
    return loginChoiceOf(await response.json());
  } catch (error) {
    const status =
      typeof error === 'object' && error !== null && 'status' in error ? error.status : 'FETCH_ERROR';
    options.logger.warn('Continuing without the user origin', { status });
    return 'client';
  }
}
