import type { MediaContent, OperationSignature } from '@reslayer/core';
import { UniqueNames } from '@reslayer/core';
import { CLIENT_MEMBERS, clientNaming } from '../naming.js';

/**
 * The `text/event-stream` media content of an operation's success responses, when it has one (OpenAI's
 * `stream: true` operations declare it beside `application/json`, its schema being one event's data).
 * @param s the operation's signature
 * @returns the first success response's event-stream content, or undefined
 */
export function eventStreamContent(s: OperationSignature): MediaContent | undefined {
  for (const r of s.response.responses) {
    const found = r.contents.find((c) => c.mediaType.split(';')[0]?.trim().toLowerCase() === 'text/event-stream');
    if (found) return found;
  }
  return undefined;
}

/**
 * The names of the event-stream methods of a resource's client: `<method>Events` for each operation with a
 * `text/event-stream` success response, numbered (`<method>Events2`) when an operation method or a client
 * member already has that name. Deterministic: operations are taken in their order.
 * @param signatures the resource's operation signatures
 * @returns the method name per operation key, for the operations that have an event stream
 */
export function eventMethodNames(signatures: readonly OperationSignature[]): Map<string, string> {
  const taken = new UniqueNames();
  for (const name of CLIENT_MEMBERS) taken.reserve(name);
  for (const s of signatures) taken.reserve(clientNaming.method(s.op));
  const names = new Map<string, string>();
  for (const s of signatures) {
    if (eventStreamContent(s)) names.set(s.op.operationKey, taken.take(`${clientNaming.method(s.op)}Events`));
  }
  return names;
}
