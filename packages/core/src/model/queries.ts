import type { MediaContent, OperationNode, ResponseNode } from './types.js';

/**
 * Success responses of an operation: `2XX` codes and `2XX` ranges, sorted by status; when there are
 * none, the `default` response.
 * @param op an operation of the model
 * @returns success responses (possibly empty)
 * @see https://spec.openapis.org/oas/v3.1.0#responses-object
 */
export function successResponses(op: OperationNode): ResponseNode[] {
  const ok = op.responses.filter((r) => /^2(\d\d|XX)$/i.test(r.status));
  if (ok.length > 0) return ok;
  return op.responses.filter((r) => r.status === 'default');
}

/**
 * Error responses of an operation: `4XX`/`5XX` codes and ranges, and `default` when a success response exists.
 * @param op an operation of the model
 */
export function errorResponses(op: OperationNode): ResponseNode[] {
  const hasSuccess = op.responses.some((r) => /^2(\d\d|XX)$/i.test(r.status));
  return op.responses.filter((r) => /^[45](\d\d|XX)$/i.test(r.status) || (hasSuccess && r.status === 'default'));
}

/**
 * True for media types whose body is JSON (`application/json`, `*+json`, `*\/json`).
 * @param mediaType a media type such as `application/problem+json; charset=utf-8`
 */
export function isJsonMediaType(mediaType: string): boolean {
  const m = mediaType.toLowerCase().split(';')[0]?.trim() ?? '';
  return m === 'application/json' || m.endsWith('+json') || m.endsWith('/json');
}

/**
 * True for media types whose body is binary: `application/octet-stream`, `image/*`, `audio/*`, `video/*`,
 * `font/*`, `application/pdf`, and zip/gzip/tar archives.
 * @param mediaType a media type
 */
export function isBinaryMediaType(mediaType: string): boolean {
  const m = mediaType.toLowerCase().split(';')[0]?.trim() ?? '';
  return (
    m === 'application/octet-stream' ||
    m === 'application/pdf' ||
    /^(image|audio|video|font)\//.test(m) ||
    /^application\/(zip|gzip|x-gzip|x-tar|x-zip-compressed|x-7z-compressed)$/.test(m)
  );
}

/**
 * True for text media types read with `response.text()` (`text/*`, XML, YAML, CSV).
 * @param mediaType a media type
 */
export function isTextMediaType(mediaType: string): boolean {
  const m = mediaType.toLowerCase().split(';')[0]?.trim() ?? '';
  return m.startsWith('text/') || m.endsWith('+xml') || m === 'application/xml' || m.includes('yaml');
}

/**
 * How a client reads a response body of this media content.
 * @param content a response's media content, or undefined for an empty response
 * @returns `'json'`, `'blob'`, `'text'` or `'none'`
 */
export function responseBodyKind(content: MediaContent | undefined): 'json' | 'blob' | 'text' | 'none' {
  if (!content) return 'none';
  if (isBinaryMediaType(content.mediaType) || (content.schema?.kind === 'string' && content.schema.format === 'binary')) return 'blob';
  if (isJsonMediaType(content.mediaType)) return 'json';
  if (isTextMediaType(content.mediaType)) return 'text';
  if (isStructuredWildcard(content)) return 'json';
  return 'blob';
}

/**
 * True for a wildcard media type (any type, or any `application` subtype, as Swagger 2 contracts without `produces`
 * or `consumes` convert) with an object or array schema: structured data, sent and read as JSON.
 */
const isStructuredWildcard = (content: MediaContent): boolean =>
  /^(\*|application)\/\*$/.test(content.mediaType.toLowerCase().split(';')[0]?.trim() ?? '') && STRUCTURED.has(content.schema?.kind ?? '');

/** Schema kinds of structured data: a wildcard media type with one of them is read as JSON. */
const STRUCTURED: ReadonlySet<string> = new Set(['object', 'array', 'ref', 'union', 'intersection']);

/**
 * How a client sends a request body of this media content. A wildcard media type with an object or array schema
 * (a Swagger 2 contract without `consumes`) is sent as JSON, as {@link responseBodyKind} reads it.
 * @param content a request body media content
 * @returns `'json'`, `'multipart'`, `'form'` (urlencoded), `'text'` or `'binary'`
 */
export function requestBodyKind(content: MediaContent): 'json' | 'multipart' | 'form' | 'text' | 'binary' {
  const m = content.mediaType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (m === 'multipart/form-data' || m.startsWith('multipart/')) return 'multipart';
  if (m === 'application/x-www-form-urlencoded') return 'form';
  if (isJsonMediaType(m) || isStructuredWildcard(content)) return 'json';
  if (m.startsWith('text/') && !(content.schema?.kind === 'string' && content.schema.format === 'binary')) return 'text';
  return 'binary';
}

/** The URL parts of an operation's path key; see {@link operationUrl}. */
export interface OperationUrl {
  /** The path template a request goes to: the key up to a `?` or `#`, e.g. `/folders/{folder_id}`. */
  path: string;
  /** The literal query the key carries, without `?` (`beta=true`); undefined when it has none. */
  query?: string;
  /** The fragment of the key, without `#` (`add_shared_link`); never sent. Undefined when it has none. */
  fragment?: string;
}

/**
 * Splits an operation's path key into what a request sends. Some contracts put a fixed query into the key
 * (`/responses/{response_id}?beta=true`) or a fragment that only tells operations on one URL apart
 * (`/folders/{folder_id}#add_shared_link`). `OperationNode.path` keeps the key as written (it identifies
 * the operation); the URL of a request is `path`, then `?query` followed by the query parameters with `&`.
 * A fragment is never sent (fetch would cut the URL there, query included). The runtime's `request()`
 * applies the same rule to a `RequestSpec.path` given as the key.
 * @param op the operation (its `path` key)
 * @returns the path template, the literal query and the fragment
 * @see https://spec.openapis.org/oas/v3.1.0#paths-object
 */
export function operationUrl(op: Pick<OperationNode, 'path'>): OperationUrl {
  const hash = op.path.indexOf('#');
  const beforeFragment = hash >= 0 ? op.path.slice(0, hash) : op.path;
  const mark = beforeFragment.indexOf('?');
  const out: OperationUrl = { path: mark >= 0 ? beforeFragment.slice(0, mark) : beforeFragment };
  const query = mark >= 0 ? beforeFragment.slice(mark + 1).replace(/^&+|&+$/g, '') : '';
  if (query !== '') out.query = query;
  if (hash >= 0) out.fragment = op.path.slice(hash + 1);
  return out;
}
