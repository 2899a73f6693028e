/**
 * Shared request-description types used by the generated client code.
 *
 * @packageDocumentation
 */
import type { DateSpec } from './dates.js';
import type { ValidateMode } from './validation.js';

/** HTTP methods an OpenAPI 3.x Path Item can declare (OpenAPI 3.1, "Path Item Object"). */
export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';

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
export type ResponseType = 'json' | 'blob' | 'text' | 'none';

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
   * How to read a success body: `json` (empty body, 204, 205 or HEAD → `undefined`), `blob`,
   * `text`, or `none` (→ `undefined`).
   */
  responseType: ResponseType;
  /**
   * Where the operation's values hold `date`/`date-time` fields (generated with `dates: 'Date'`): the
   * request's `Date`s are sent as strings, the JSON bodies' date strings are read as `Date`s.
   */
  dates?: DateSpec;
}

/** Per-call options that generated functions accept as their last argument. */
export interface RequestOptions {
  /** Aborts the request; the returned promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Extra headers for this call only; they override every other header source. */
  headers?: Record<string, string>;
  /** Run-time validation for this call only, overriding `ClientConfig.validate` (see `ValidateMode`). */
  validate?: ValidateMode;
}
