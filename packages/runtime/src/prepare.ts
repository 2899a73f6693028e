/**
 * Building the URL and the fetch init of one request from a client's configuration, the operation and the
 * call's options.
 *
 * @packageDocumentation
 */
import { encodeBody } from './body.js';
import type { AuthConfig, ClientConfig, HeadersSource, SecretSource } from './config.js';
import { joinUrl, serializeCookies, serializeHeaderValue, serializePath, serializeQuery } from './serialize.js';
import { FETCH_INIT_KEYS, type RequestOptions, type RequestSpec } from './types.js';

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

/** The name of an encoded `name=value` pair, decoded. */
function pairName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * An encoded query with the pairs of `extra` in place of its own pairs of the same names (`RequestOptions.query`).
 * @param own the operation's encoded query
 * @param extra the call's encoded query, if any
 * @returns the query to send
 */
export function withQuery(own: string, extra: string | undefined): string {
  if (extra === undefined || extra === '') return own;
  const added = extra.split('&').filter((pair) => pair !== '');
  const names = new Set(added.map(pairName));
  return [...own.split('&').filter((pair) => pair !== '' && !names.has(pairName(pair))), ...added].join('&');
}

/** A request ready for fetch. */
export interface PreparedRequest {
  /** Base URL + serialized path + query. */
  url: string;
  /** Method, headers (a `Headers` object), body, signal, credentials and the pass-through fields. */
  init: RequestInit & { headers: Headers };
}

/**
 * Builds the URL and fetch init of one request. Headers are merged in this order, later sources winning:
 * `config.headers`, auth, the `Accept` of `spec.accept` (unless set), header parameters (`spec.headers`),
 * the cookie parameters and cookie API key (appended to any configured `Cookie`), the body's
 * Content-Type, then `options.headers`. The URL is built as by `buildUrl`, plus a query API key. The
 * `RequestInit` fields `cache`, `keepalive`, `priority`, `mode` and `redirect` come from the options,
 * else from the config.
 *
 * @throws TypeError for invalid parameters or bodies (see `request`).
 */
export async function prepareRequest(config: Readonly<ClientConfig>, spec: RequestSpec, options: RequestOptions): Promise<PreparedRequest> {
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

  const query = [withQuery(serializeQuery(spec.query, spec.queryStyles), options.query), auth.query ?? ''].filter((part) => part !== '').join('&');
  const url = joinUrl(config.baseUrl, path, query);

  const init: RequestInit & { headers: Headers } = { method: spec.method, headers };
  if (encoded.body !== undefined) init.body = encoded.body;
  if (options.signal !== undefined) init.signal = options.signal;
  if (config.credentials !== undefined) init.credentials = config.credentials;
  for (const key of FETCH_INIT_KEYS) {
    const value = options[key] ?? config[key];
    if (value !== undefined) Object.assign(init, { [key]: value });
  }
  return { url, init };
}
