/**
 * The error thrown for every non-2xx response.
 *
 * @packageDocumentation
 */

/** Constructor arguments of {@link ApiError}. */
export interface ApiErrorInit<TBody> {
  /** HTTP status code. */
  status: number;
  /** HTTP status text; default `''`. */
  statusText?: string;
  /** Parsed error body (see {@link ApiError.body}). */
  body: TBody;
  /** HTTP method of the request. */
  method: string;
  /** Full request URL. */
  url: string;
  /** Response headers. */
  headers: Headers;
}

/**
 * Thrown by `request()` for every response whose status is not 2xx. Network failures and aborts
 * are not wrapped: they reject with fetch's own error.
 *
 * @typeParam TBody - type of the error body, e.g. the contract's error schema.
 */
export class ApiError<TBody = unknown> extends Error {
  /** Always `'ApiError'`. */
  override readonly name = 'ApiError' as const;
  /** HTTP status code, e.g. `404`. */
  readonly status: number;
  /** HTTP status text as received (may be `''`, e.g. over HTTP/2). */
  readonly statusText: string;
  /**
   * The parsed JSON body when the response's Content-Type is JSON (`application/json` or
   * `+json`) and it parses, otherwise the text; `undefined` when the body is empty.
   */
  readonly body: TBody;
  /** HTTP method of the failed request. */
  readonly method: string;
  /** Full URL of the failed request. */
  readonly url: string;
  /** Response headers. */
  readonly headers: Headers;

  /**
   * @param init - response details; the message is built as `"<METHOD> <url> failed: <status> <statusText>"`.
   */
  constructor(init: ApiErrorInit<TBody>) {
    const statusText = init.statusText ?? '';
    super(`${init.method} ${init.url} failed: ${init.status}${statusText === '' ? '' : ` ${statusText}`}`);
    this.status = init.status;
    this.statusText = statusText;
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
    this.headers = init.headers;
  }
}

/**
 * Type guard for {@link ApiError}. Besides `instanceof`, it accepts an Error named `'ApiError'`
 * with a numeric `status`, so that errors from a second copy of this package are recognized.
 *
 * @typeParam TBody - the error body type the caller expects (not checked at run time).
 * @returns whether `error` is an ApiError.
 */
export function isApiError<TBody = unknown>(error: unknown): error is ApiError<TBody> {
  if (error instanceof ApiError) return true;
  return (
    error instanceof Error &&
    error.name === 'ApiError' &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}
