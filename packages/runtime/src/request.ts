/**
 * The fetch-based `request()` function every generated operation calls.
 *
 * @packageDocumentation
 */
import { ApiError } from './ApiError.js';
import { encodeBody, readErrorContent, readSuccessBody } from './body.js';
import { decodeDates, encodeRequestDates } from './dates.js';
import { getClientConfig, type AuthConfig, type HeadersSource, type SecretSource } from './config.js';
import { joinUrl, serializeCookies, serializeHeaderValue, serializePath, serializeQuery } from './serialize.js';
import type { RequestOptions, RequestSpec } from './types.js';
import { validateRequest, validateResponse, validates } from './validation.js';

/** What an auth scheme contributes to one request. */
interface AuthParts {
  header?: [name: string, value: string];
  /** An encoded `name=value` query pair. */
  query?: string;
  /** An encoded `name=value` cookie pair. */
  cookie?: string;
}

async function resolveSecret(source: SecretSource): Promise<string | undefined> {
  const value = typeof source === 'function' ? await source() : source;
  return value === '' ? undefined : value;
}

async function resolveHeaders(source: HeadersSource | undefined): Promise<Record<string, string>> {
  if (source === undefined) return {};
  return typeof source === 'function' ? await source() : source;
}

/** Base64 of the UTF-8 bytes of `text` (RFC 7617 §2.1 with charset UTF-8). */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function resolveAuth(auth: AuthConfig | undefined): Promise<AuthParts> {
  if (auth === undefined) return {};
  switch (auth.type) {
    case 'bearer': {
      const token = await resolveSecret(auth.token);
      return token === undefined ? {} : { header: ['Authorization', `Bearer ${token}`] };
    }
    case 'basic':
      return { header: ['Authorization', `Basic ${base64Utf8(`${auth.username}:${auth.password}`)}`] };
    case 'apiKey': {
      const value = await resolveSecret(auth.value);
      if (value === undefined) return {};
      if (auth.in === 'header') return { header: [auth.name, value] };
      const pair = `${encodeURIComponent(auth.name)}=${encodeURIComponent(value)}`;
      return auth.in === 'query' ? { query: pair } : { cookie: pair };
    }
  }
}

function setAll(headers: Headers, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) headers.set(name, value);
}

/**
 * Sends one operation of the contract with fetch and reads the response.
 *
 * Headers are merged in this order, later sources winning: `ClientConfig.headers`, auth, header
 * parameters (`spec.headers`), the cookie parameters and cookie API key (appended to any configured
 * `Cookie`), the body's Content-Type, then `options.headers`. The URL is built as by `buildUrl`,
 * plus a query API key. Parameters follow the OpenAPI 3.1 "Style Values" table
 * (https://spec.openapis.org/oas/v3.1.0#style-values).
 *
 * @typeParam T - the success body type (not checked at run time).
 * @param spec - the operation and its values.
 * @param options - per-call abort signal and headers.
 * @returns the success body read as `spec.responseType` says (`undefined` for `none`, 204, or an
 *   empty JSON body).
 * @throws {@link ApiError} for any non-2xx response, carrying status, the body (parsed JSON, text or
 *   `undefined`, with `bodyKind` saying which) and headers.
 * @throws TypeError for invalid parameters or bodies (missing path value, unknown style, dot
 *   segment, body not matching `bodyType`) or when no fetch implementation exists.
 * @throws the fetch error unchanged on network failure, and the signal's reason on abort.
 * @throws SyntaxError when a 2xx `json` body is not valid JSON.
 * @throws {@link ValidationError} when validation is on (`options.validate` or `ClientConfig.validate`) and
 *   the request or the success body does not match the operation's registered schemas (see `./validation.ts`).
 *   With `spec.dates` (config `dates: 'Date'`), the request's `Date`s are sent as strings and the JSON success
 *   and error bodies' date strings come back as `Date`s (see `./dates.ts`; a validated response is decoded
 *   by its schema instead, once).
 */
export async function request<T>(spec: RequestSpec, options: RequestOptions = {}): Promise<T> {
  const config = getClientConfig();
  const fetchImpl = config.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') {
    throw new TypeError('No fetch implementation: pass one with configureClient({ fetch })');
  }

  // Opt-in validation (plugin-validators): off unless the call or the config turns it on.
  const validate = options.validate ?? config.validate;
  if (validates(validate, 'request')) await validateRequest(spec);
  // `dates: 'Date'`: the request's `Date`s as strings; the success body's date strings as `Date`s (below).
  spec = encodeRequestDates(spec);
  const path = serializePath(spec.path, spec.pathParams, spec.pathStyles);
  const encoded = encodeBody(spec);
  const headers = new Headers();
  setAll(headers, await resolveHeaders(config.headers));
  const auth = await resolveAuth(config.auth);
  if (auth.header !== undefined) headers.set(...auth.header);
  if (spec.accept !== undefined && !headers.has('accept')) headers.set('Accept', spec.accept);
  for (const [name, value] of Object.entries(spec.headers ?? {})) {
    const text = serializeHeaderValue(value);
    if (text !== undefined) headers.set(name, text);
  }
  const cookies = [headers.get('cookie'), serializeCookies(spec.cookies), auth.cookie].filter(
    (part): part is string => part !== undefined && part !== null && part !== '',
  );
  if (cookies.length > 0) headers.set('Cookie', cookies.join('; '));
  if (encoded.dropContentType === true) headers.delete('content-type');
  if (encoded.contentType !== undefined) headers.set('Content-Type', encoded.contentType);
  setAll(headers, options.headers ?? {});

  const query = [serializeQuery(spec.query, spec.queryStyles), auth.query ?? ''].filter((part) => part !== '').join('&');
  const url = joinUrl(config.baseUrl, path, query);

  const init: RequestInit = { method: spec.method, headers };
  if (encoded.body !== undefined) init.body = encoded.body;
  if (options.signal !== undefined) init.signal = options.signal;
  if (config.credentials !== undefined) init.credentials = config.credentials;

  // Token getters may have awaited: do not send a request that was aborted meanwhile.
  options.signal?.throwIfAborted();
  const response = await fetchImpl(url, init);
  if (!response.ok) {
    const content = await readErrorContent(response);
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      body: content.kind === 'json' ? decodeDates(content.body, spec.dates?.error) : content.body,
      bodyKind: content.kind,
      method: spec.method,
      url,
      headers: response.headers,
    });
  }
  const body = await readSuccessBody(response, spec.responseType, spec.method);
  return (validates(validate, 'response') ? await validateResponse(spec, body) : decodeDates(body, spec.dates?.response)) as T;
}
