/** A 422's problems are a list of { pointer, message }. */
type ErrorDetail = string | number | readonly Readonly<Record<string, string>>[];

export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  /** More fields of the error body (a 429's retryAfterS, a 422's problem). */
  readonly details: Readonly<Record<string, ErrorDetail>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    extra: {
      details?: Readonly<Record<string, ErrorDetail>>;
      headers?: Readonly<Record<string, string>>;
    } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = extra.details ?? {};
    this.headers = extra.headers ?? {};
  }
}

export const unauthorized = () => new HttpError(401, 'unauthorized', 'A valid bearer token is required.');
export const forbidden = () => new HttpError(403, 'forbidden', 'You do not have access to this resource.');
export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} was not found.`);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
