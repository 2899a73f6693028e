import type { MediaContent, OperationSignature } from '@reslayer/core';
import { UniqueNames } from '@reslayer/core';
import { CLIENT_MEMBERS, clientNaming } from '../naming.js';

/**
 * How the runtime reads a streamed response (`@reslayer/runtime`'s `StreamType`): `sse` for a
 * `text/event-stream` content with a `schema` (one event's data), the others for an OpenAPI 3.2 `itemSchema`.
 */
export type StreamType = 'sse' | 'sse-items' | 'sse-text-items' | 'jsonl' | 'json-seq';

/** The streamed content of an operation's success responses, and how the client reads and names it. */
export interface StreamContent {
  /** The media content: its `itemSchema` (or, for `sse`, its `schema`) types one item. */
  content: MediaContent;
  /** How the runtime reads the body. */
  responseType: StreamType;
  /** True for an `itemSchema` stream: the method `<method>Stream` returns `AsyncIterable<<Op>StreamItem>`. */
  items: boolean;
}

const essence = (mediaType: string): string => mediaType.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * The runtime's reader for a media content with an OpenAPI 3.2 `itemSchema`: JSON Lines (`application/jsonl`,
 * `application/x-ndjson`, `application/jsonlines`), JSON text sequences (`application/json-seq` and `+json-seq`
 * types) or server-sent events; undefined for any other (`multipart/mixed` is not read as a stream).
 * SSE data is kept as text when the item schema types `data` as a string (OpenAPI 3.2's string-encoded data,
 * `contentMediaType`/`contentSchema`), parsed as JSON otherwise.
 * @see https://spec.openapis.org/oas/v3.2.0#sequential-media-types
 */
function itemStreamType(c: MediaContent): StreamType | undefined {
  if (!c.itemSchema) return undefined;
  const m = essence(c.mediaType);
  if (m === 'application/jsonl' || m === 'application/x-ndjson' || m === 'application/jsonlines' || m === 'application/x-jsonlines') return 'jsonl';
  if (/^application\/([^/]+\+)?json-seq$/.test(m)) return 'json-seq';
  if (m !== 'text/event-stream') return undefined;
  const data = c.itemSchema.kind === 'object' ? c.itemSchema.properties.find((p) => p.name === 'data') : undefined;
  return data?.schema.kind === 'string' ? 'sse-text-items' : 'sse-items';
}

/**
 * The streamed content of an operation's success responses, when it has one: the first content with an
 * OpenAPI 3.2 `itemSchema` of a sequential media type, else the first `text/event-stream` content (OpenAI's
 * `stream: true` operations declare it beside `application/json`, its `schema` being one event's data).
 * @param s the operation's signature
 * @returns the stream, or undefined
 */
export function streamContent(s: OperationSignature): StreamContent | undefined {
  for (const r of s.response.responses) {
    for (const content of r.contents) {
      const responseType = itemStreamType(content);
      if (responseType) return { content, responseType, items: true };
    }
  }
  for (const r of s.response.responses) {
    const content = r.contents.find((c) => essence(c.mediaType) === 'text/event-stream');
    if (content) return { content, responseType: 'sse', items: false };
  }
  return undefined;
}

/**
 * The names of the stream methods of a resource's client: `<method>Stream` for each operation with an
 * `itemSchema` stream, `<method>Events` for one with a `text/event-stream` schema, numbered (`<method>Events2`)
 * when an operation method or a client member already has that name. Deterministic: operations are taken in
 * their order.
 * @param signatures the resource's operation signatures
 * @returns the method name per operation key, for the operations that have a stream
 */
export function streamMethodNames(signatures: readonly OperationSignature[]): Map<string, string> {
  const taken = new UniqueNames();
  for (const name of CLIENT_MEMBERS) taken.reserve(name);
  for (const s of signatures) taken.reserve(clientNaming.method(s.op));
  const names = new Map<string, string>();
  for (const s of signatures) {
    const stream = streamContent(s);
    if (stream) names.set(s.op.operationKey, taken.take(`${clientNaming.method(s.op)}${stream.items ? 'Stream' : 'Events'}`));
  }
  return names;
}

/**
 * The item type's name and the stream method's result type of an operation's stream.
 * @param s the operation's signature
 * @param stream its stream
 * @returns the item type (declared in `<resource>.types.ts`) and the result type
 */
export function streamTypes(s: OperationSignature, stream: StreamContent): { item: string; result: string } {
  const item = stream.items ? clientNaming.streamItemType(s.op) : clientNaming.eventType(s.op);
  return { item, result: stream.items ? `AsyncIterable<${item}>` : `EventStream<${item}>` };
}
