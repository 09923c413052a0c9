import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Logger } from '../logging/logger.ts';

/** What `dispatch(endpoint.initiate(...))` answers: a result to unwrap and, for queries, to let go. */
export type UnwrappableResult<T> = { unwrap(): Promise<T>; unsubscribe?: () => void };

/** The HTTP status (or RTK's string status) of a failed call, if it has one. */
export function httpStatus(error: unknown): number | string | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    return (error as FetchBaseQueryError).status;
  }
  return undefined;
}

/** The call's data; the query subscription is let go at once (the session keeps what it needs). */
export async function call<T>(result: UnwrappableResult<T>): Promise<T> {
  try {
    return await result.unwrap();
  } finally {
    result.unsubscribe?.();
  }
}

/** A call whose failure is logged and yields no data (SPEC 8). */
export async function optional<T>(
  logger: Logger,
  what: string,
  result: UnwrappableResult<T>,
): Promise<T | null> {
  try {
    return await call(result);
  } catch (error) {
    logger.warn(`Continuing without ${what}`, { status: httpStatus(error) });
    return null;
  }
}

/** The wait of a 429 answer (`retryAfterS` of its body, as the gateway sends it), at least one second. */
export function retryAfterSeconds(error: unknown): number {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined;
  const value =
    typeof data === 'object' && data !== null && 'retryAfterS' in data ? data.retryAfterS : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(1, Math.ceil(value)) : 60;
}
