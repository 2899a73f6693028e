/**
 * Shared request-description types used by the generated client code.
 *
 * @packageDocumentation
 */
import type { DateSpec } from './dates.js';
import type { ValidateMode } from './validation.js';

/**
 * HTTP methods an OpenAPI 3.x Path Item can declare, upper case: its fixed fields (OpenAPI 3.2 added `QUERY`, a
 * safe read with a request body) or a method of its 3.2 `additionalOperations` map (`LINK`, `PURGE`…).
 * @see https://spec.openapis.org/oas/v3.2.0#path-item-object
 */
export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE' | 'QUERY' | (string & {});

/**
 * Serialization of one parameter, as declared by the `style` and `explode` fields of an
 * OpenAPI 3.1 Parameter Object ("Style Values", https://spec.openapis.org/oas/v3.1.0#style-values).
 *
 * - path: `simple` (default), `label`, `matrix`
 * - query: `form` (default), `spaceDelimited`, `pipeDelimited`, `deepObject`
 *
 * An unsupported style for the parameter's location makes serialization throw a `TypeError`.
 */
export interface ParamStyle {
  /** OpenAPI style name, e.g. `'form'` or `'label'`. */
  style: string;
  /** OpenAPI `explode` flag. */
  explode: boolean;
}

/** How a request body is encoded; see {@link RequestSpec.bodyType}. */
export type BodyType = 'json' | 'multipart' | 'form' | 'text' | 'binary';

/** How a success response body is read; see {@link RequestSpec.responseType}. */
export type ResponseType = 'json' | 'blob' | 'text' | 'none' | StreamType;

/**
 * The streamed response types, read lazily as the items arrive (`./sse.ts`): `sse` (`ServerSentEvent`s),
 * `sse-items` and `sse-text-items` (OpenAPI 3.2 `itemSchema` events, data parsed as JSON or kept as text),
 * `jsonl` (JSON Lines) and `json-seq` (RFC 7464 JSON text sequences).
 */
export type StreamType = 'sse' | 'sse-items' | 'sse-text-items' | 'jsonl' | 'json-seq';

/**
 * Everything the runtime needs to send one operation of the contract. Generated code builds one
 * of these per call and passes it to `request()`.
 */
export interface RequestSpec {
  /** HTTP method, upper case. */
  method: HttpMethod;
  /**
   * Path template as in the contract's `paths` key, e.g. `'/api/v1/contacts/{contactId}'`. A literal
   * query in the key (`'/responses/{id}?beta=true'`) is sent first, the query parameters follow with
   * `&`; a `#fragment` (`'/folders/{id}#add_shared_link'`, which some contracts use to tell operations
   * on one URL apart) is never sent.
   */
  path: string;
  /**
   * Values for the template's `{names}`. Serialized with style `simple` (explode false) unless
   * {@link RequestSpec.pathStyles} says otherwise, and percent-encoded with `encodeURIComponent`,
   * so a value can never add a path segment, a query or a fragment.
   */
  pathParams?: Record<string, unknown>;
  /** Per-parameter path styles: `simple`, `label` or `matrix` (OpenAPI 3.1 "Style Values"). */
  pathStyles?: Record<string, ParamStyle>;
  /**
   * Query parameter values; `undefined` values are skipped, `null` is sent as an empty value.
   * Default style `form` with explode true.
   */
  query?: Record<string, unknown>;
  /** Per-parameter query styles: `form`, `spaceDelimited`, `pipeDelimited`, `deepObject`. */
  queryStyles?: Record<string, ParamStyle>;
  /** Header parameters (style `simple`): `undefined` skipped, arrays joined with `,`. */
  headers?: Record<string, unknown>;
  /** Cookie parameters (style `form`), sent together as one `Cookie` header. */
  cookies?: Record<string, unknown>;
  /** Request body; `undefined` sends no body. */
  body?: unknown;
  /**
   * How to send {@link RequestSpec.body}:
   * - `json`: `JSON.stringify` + `Content-Type: application/json` (or `mediaType`);
   * - `multipart`: a `FormData` built from a plain object (Blob/File values kept, arrays become
   *   repeated fields, objects a JSON string), or the body as-is if it already is a `FormData`;
   *   no Content-Type is set so that fetch adds the boundary;
   * - `form`: `URLSearchParams` (`application/x-www-form-urlencoded`);
   * - `text`: `String(body)` (`text/plain`);
   * - `binary`: a Blob, ArrayBuffer or typed array as-is (`application/octet-stream`).
   *
   * When omitted, `FormData`, `URLSearchParams`, `Blob`, `ArrayBuffer` and typed-array bodies are
   * passed through unchanged and anything else is sent as JSON.
   */
  bodyType?: BodyType;
  /** Request media type sent as Content-Type (ignored for `multipart`: fetch sets the boundary). */
  mediaType?: string;
  /**
   * Media type the client reads the success body as, sent as `Accept` (unless the config, a header
   * parameter or `options.headers` sets one), so a server offering several media types answers in it.
   */
  accept?: string;
  /**
   * How to read a success body: `json` (empty body, 204, 205 or HEAD → `undefined`), `blob` (a `File`
   * named from `Content-Disposition` when the response names one), `text`, `none` (→ `undefined`), or
   * `sse` (a `text/event-stream` body → an async iterable of `ServerSentEvent`s, see `./sse.ts`), or one of
   * the other {@link StreamType}s (an async iterable of the items of an OpenAPI 3.2 `itemSchema` stream).
   */
  responseType: ResponseType;
  /**
   * Where the operation's values hold `date`/`date-time` fields (generated with `dates: 'Date'`): the
   * request's `Date`s are sent as strings, the JSON bodies' date strings are read as `Date`s.
   */
  dates?: DateSpec;
}

/**
 * The `RequestInit` fields a client passes to fetch unchanged (Fetch Standard, "RequestInit"), set per client
 * (`ClientConfig`) or per call (`RequestOptions`, which wins).
 */
export interface FetchInit {
  /** `RequestInit.cache`, e.g. `'no-store'`. */
  cache?: RequestCache;
  /** `RequestInit.keepalive`: let the request outlive the page (beacons). */
  keepalive?: boolean;
  /** `RequestInit.priority`: `'high'`, `'low'` or `'auto'`. */
  priority?: RequestPriority;
  /** `RequestInit.mode`, e.g. `'cors'` or `'same-origin'`. */
  mode?: RequestMode;
  /** `RequestInit.redirect`: `'follow'`, `'error'` or `'manual'`. */
  redirect?: RequestRedirect;
}

/** Names of the {@link FetchInit} fields, in the order they are copied. */
export const FETCH_INIT_KEYS = ['cache', 'keepalive', 'priority', 'mode', 'redirect'] as const satisfies readonly (keyof FetchInit)[];

/** Per-call options that generated functions accept as their last argument. */
export interface RequestOptions extends FetchInit {
  /** Aborts the request (and a server-sent event stream); the returned promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Extra headers for this call only; they override every other header source. */
  headers?: Record<string, string>;
  /** Run-time validation for this call only, overriding `ClientConfig.validate` (see `ValidateMode`). */
  validate?: ValidateMode;
  /**
   * An encoded query string (`page=2&q=x`, no `?`) this call sends, replacing the operation's parameters of the
   * same names: the next page of a list that only a `Link` header pages.
   */
  query?: string;
}

/**
 * The options a generated method accepts: {@link RequestOptions} plus `raw`. With `raw: true` the method
 * resolves to a {@link RawResult} (`{ data, response, fileName }`) instead of the data alone.
 */
export interface CallOptions extends RequestOptions {
  /** Resolve to `{ data, response, fileName }` instead of the data. */
  raw?: boolean;
}

/** What a call with `{ raw: true }` resolves to: the data and the `Response` it was read from. */
export interface RawResult<T> {
  /** The success body, read as without `raw`. */
  data: T;
  /** The response (its body already read): status, `ETag`, `Link` and other headers. */
  response: Response;
  /**
   * The file name the response's `Content-Disposition` gives (`filename*` preferred over `filename`,
   * RFC 6266), or `undefined` when it names none.
   */
  fileName: string | undefined;
}

/**
 * The result type of a call with options `O`: {@link RawResult} for `{ raw: true }`; the data for options
 * without `raw` or with `raw: false`; either when `raw` is only known to be a boolean (a `CallOptions` value).
 * (Written with `keyof` rather than `O extends { raw?: false }`: options without `raw` would fail that test,
 * since `{ raw?: false }` is a weak type.)
 *
 * @typeParam T - the success body type.
 * @typeParam O - the options' type as the caller wrote them.
 */
export type CallResult<T, O> = O extends { raw: true } ? RawResult<T> : O extends { raw: false } ? T : 'raw' extends keyof O ? T | RawResult<T> : T;
