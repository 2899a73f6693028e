/**
 * Request body encoding and response body decoding for `request()`.
 *
 * @packageDocumentation
 */
import { contentDispositionFileName } from './disposition.js';
import { readEventItems, readEventStream, readJsonLines, readJsonSeq } from './sse.js';
import type { RequestSpec, ResponseType, StreamType } from './types.js';

/** An encoded request body and the Content-Type it needs (`undefined`: let fetch decide / none). */
export interface EncodedBody {
  /** What to pass as `RequestInit.body`; absent when there is no body. */
  body?: BodyInit;
  /** Content-Type to send; absent when fetch should decide or there is no body. */
  contentType?: string;
  /** True for multipart: any configured Content-Type must be dropped so fetch adds the boundary. */
  dropContentType?: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function isBinary(value: unknown): value is Blob | ArrayBuffer | ArrayBufferView {
  return value instanceof Blob || value instanceof ArrayBuffer || ArrayBuffer.isView(value);
}

/** Text of one form field: Dates as ISO strings, objects and arrays as JSON, the rest via `String`. */
function fieldText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Calls `append(name, item)` for each field of a plain object; arrays repeat the field, `undefined`/`null` are skipped. */
function eachField(body: unknown, kind: string, append: (name: string, item: unknown) => void): void {
  if (!isPlainObject(body)) {
    throw new TypeError(`A ${kind} body must be a plain object, got ${Array.isArray(body) ? 'an array' : typeof body}`);
  }
  for (const [name, value] of Object.entries(body)) {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item !== undefined && item !== null) append(name, item);
    }
  }
}

/**
 * Builds a multipart `FormData` (OpenAPI 3.1 "Encoding Object" defaults for `multipart/form-data`):
 * Blob/File values are kept, arrays become repeated fields, objects a JSON string.
 */
function toFormData(body: unknown): FormData {
  if (body instanceof FormData) return body;
  const form = new FormData();
  eachField(body, 'multipart', (name, item) => {
    if (item instanceof Blob) form.append(name, item);
    else form.append(name, fieldText(item));
  });
  return form;
}

/** Builds `application/x-www-form-urlencoded` parameters (form style, explode true). */
function toSearchParams(body: unknown): URLSearchParams {
  if (body instanceof URLSearchParams) return body;
  const params = new URLSearchParams();
  eachField(body, 'form', (name, item) => params.append(name, fieldText(item)));
  return params;
}

/**
 * Encodes `spec.body` according to `spec.bodyType` (see {@link RequestSpec.bodyType}).
 *
 * @throws TypeError when the body does not fit the body type (e.g. a string for `multipart`).
 */
export function encodeBody(spec: Pick<RequestSpec, 'body' | 'bodyType' | 'mediaType'>): EncodedBody {
  const { body, mediaType } = spec;
  if (body === undefined) return {};
  const bodyType =
    spec.bodyType ??
    (body instanceof FormData ? 'multipart' : body instanceof URLSearchParams ? 'form' : isBinary(body) ? 'binary' : 'json');
  switch (bodyType) {
    case 'json':
      return { body: JSON.stringify(body), contentType: mediaType ?? 'application/json' };
    case 'multipart':
      return { body: toFormData(body), dropContentType: true };
    case 'form':
      return { body: toSearchParams(body), contentType: mediaType ?? 'application/x-www-form-urlencoded' };
    case 'text':
      return { body: String(body), contentType: mediaType ?? 'text/plain' };
    case 'binary': {
      if (!isBinary(body)) {
        throw new TypeError(`A binary body must be a Blob, ArrayBuffer or typed array, got ${typeof body}`);
      }
      const blobType = body instanceof Blob && body.type !== '' ? body.type : undefined;
      return { body: body as BodyInit, contentType: mediaType ?? blobType ?? 'application/octet-stream' };
    }
  }
}

/** Whether a Content-Type is JSON: `application/json`, `text/json` or any `+json` suffix (RFC 6839). */
export function isJsonMediaType(contentType: string | null): boolean {
  const essence = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[a-z]+\/json$/.test(essence) || /^[a-z]+\/[^/]+\+json$/.test(essence);
}

/** Whether a response type is a stream, read lazily (see {@link StreamType}). */
export function isStream(responseType: ResponseType): responseType is StreamType {
  return responseType !== 'json' && responseType !== 'blob' && responseType !== 'text' && responseType !== 'none';
}

/**
 * Reads a 2xx response body.
 *
 * @param signal - the call's abort signal, which also ends an `sse` stream.
 * @returns `json`: the parsed body, or `undefined` for an empty body, 204, 205 or a HEAD request;
 *   `blob`: the body, as a `File` named from `Content-Disposition` when the response names a file;
 *   `text`: the body; `none`: `undefined` (the body is discarded); `sse`: an `EventStream` of the body;
 *   `sse-items`, `sse-text-items`, `jsonl`, `json-seq`: an async generator of the body's items.
 * @throws SyntaxError when a `json` body is not valid JSON.
 */
export async function readSuccessBody(response: Response, responseType: ResponseType, method: string, signal?: AbortSignal): Promise<unknown> {
  switch (responseType) {
    case 'none':
      try {
        await response.body?.cancel();
      } catch {
        // Nothing to release.
      }
      return undefined;
    case 'blob': {
      const blob = await response.blob();
      const name = contentDispositionFileName(response.headers.get('content-disposition'));
      return name === undefined ? blob : new File([blob], name, { type: blob.type });
    }
    case 'sse':
      return readEventStream(response.body, signal);
    case 'sse-items':
    case 'sse-text-items':
      return readEventItems(response.body, signal, responseType === 'sse-items' ? 'json' : 'text');
    case 'jsonl':
      return readJsonLines(response.body, signal);
    case 'json-seq':
      return readJsonSeq(response.body, signal);
    case 'text':
      return response.text();
    case 'json': {
      if (response.status === 204 || response.status === 205 || method === 'HEAD') return undefined;
      const text = await response.text();
      return text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
    }
  }
}

/** A non-2xx response body as read for `ApiError`: its value and how it was read. */
export type ErrorContent = { kind: 'json'; body: unknown } | { kind: 'text'; body: string } | { kind: 'empty'; body: undefined };

/**
 * Reads a non-2xx response body for `ApiError.body` and `ApiError.bodyKind`.
 *
 * @returns `json` with the parsed body when the Content-Type is JSON and it parses, otherwise `text`
 *   with the text; `empty` when the body is empty.
 * @throws whatever reading the body throws (network failure, abort): it is not wrapped.
 */
export async function readErrorContent(response: Response): Promise<ErrorContent> {
  const text = await response.text();
  if (text === '') return { kind: 'empty', body: undefined };
  if (isJsonMediaType(response.headers.get('content-type'))) {
    try {
      return { kind: 'json', body: JSON.parse(text) as unknown };
    } catch {
      return { kind: 'text', body: text };
    }
  }
  return { kind: 'text', body: text };
}

/**
 * Reads a non-2xx response body for `ApiError.body`.
 *
 * @returns the parsed JSON when the Content-Type is JSON and it parses, otherwise the text;
 *   `undefined` when the body is empty.
 * @throws whatever reading the body throws (network failure, abort): it is not wrapped.
 */
export async function readErrorBody(response: Response): Promise<unknown> {
  return (await readErrorContent(response)).body;
}
