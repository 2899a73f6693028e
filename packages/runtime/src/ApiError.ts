/**
 * The error thrown for every non-2xx response.
 *
 * @packageDocumentation
 */

/**
 * How the body of an error response was read:
 * - `json`: the response's Content-Type is JSON (`application/json`, `+json`) and the body parsed;
 * - `text`: any other non-empty body (HTML from a proxy, plain text, JSON that did not parse), as a string;
 * - `empty`: no body at all.
 */
export type ErrorBodyKind = 'json' | 'text' | 'empty';

/**
 * The type of {@link ApiError.body} for a body kind: the parsed JSON for `json`, a string for `text`,
 * `undefined` for `empty`. Distributes over a union, so for every kind it is `TBody | string | undefined`.
 */
export type ErrorBodyOf<TBody, TKind extends ErrorBodyKind> = TKind extends 'json' ? TBody : TKind extends 'text' ? string : undefined;

/** Constructor arguments of {@link ApiError}. */
export interface ApiErrorInit<TBody> {
  /** HTTP status code. */
  status: number;
  /** HTTP status text; default `''`. */
  statusText?: string;
  /** The body as read (see {@link ApiError.body}). */
  body: TBody | string | undefined;
  /**
   * How the body was read. Default: `empty` for `undefined`, `text` for a string, `json` otherwise
   * (`request()` always passes it, so a JSON string body stays `json`).
   */
  bodyKind?: ErrorBodyKind;
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
 * The body is only what the contract says when the server answered with JSON: a proxy's HTML 502 page
 * is a string, an empty 503 is `undefined`. So `body` is typed `TBody | string | undefined` until
 * {@link ApiError.isJson} narrows it:
 *
 * ```ts
 * if (isApiError<GetContactErrorBody>(error) && error.isJson()) showProblem(error.body.title);
 * ```
 *
 * @typeParam TBody - type of a JSON error body: the union of the contract's JSON error schemas of the
 *   operation (the generated `<Operation>ErrorBody`). Not checked at run time.
 * @typeParam TKind - how the body was read; narrowed by {@link ApiError.isJson}.
 */
export class ApiError<TBody = unknown, TKind extends ErrorBodyKind = ErrorBodyKind> extends Error {
  /** Always `'ApiError'`. */
  override readonly name = 'ApiError' as const;
  /** HTTP status code, e.g. `404`. */
  readonly status: number;
  /** HTTP status text as received (may be `''`, e.g. over HTTP/2). */
  readonly statusText: string;
  /** How {@link ApiError.body} was read: `json`, `text` or `empty`. */
  readonly bodyKind: TKind;
  /**
   * The parsed JSON body when the response's Content-Type is JSON (`application/json` or `+json`) and
   * it parses (`bodyKind: 'json'`), otherwise the text (`'text'`); `undefined` when the body is empty
   * (`'empty'`). Use {@link ApiError.isJson} before reading it as `TBody`.
   */
  readonly body: ErrorBodyOf<TBody, TKind>;
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
    this.bodyKind = (init.bodyKind ?? (init.body === undefined ? 'empty' : typeof init.body === 'string' ? 'text' : 'json')) as TKind;
    this.body = init.body as ErrorBodyOf<TBody, TKind>;
    this.method = init.method;
    this.url = init.url;
    this.headers = init.headers;
  }

  /**
   * True when the body was read as JSON; narrows {@link ApiError.body} to `TBody`.
   * @returns whether `bodyKind` is `json`.
   */
  isJson(): this is ApiError<TBody, 'json'> {
    return this.bodyKind === 'json';
  }
}

/**
 * Type guard for {@link ApiError}. Besides `instanceof`, it accepts an Error named `'ApiError'`
 * with a numeric `status`, so that errors from a second copy of this package are recognized.
 *
 * @typeParam TBody - the JSON error body type the caller expects (not checked at run time).
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

/**
 * Type guard for an {@link ApiError} whose body was read as JSON (`bodyKind: 'json'`), so `error.body`
 * is `TBody`. Works for errors from a second copy of this package too.
 *
 * @typeParam TBody - the JSON error body type the caller expects (not checked at run time).
 * @returns whether `error` is an ApiError with a JSON body.
 */
export function isJsonApiError<TBody = unknown>(error: unknown): error is ApiError<TBody, 'json'> {
  return isApiError(error) && (error as { bodyKind?: unknown }).bodyKind === 'json';
}
