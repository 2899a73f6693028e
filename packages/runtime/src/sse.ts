/**
 * Server-sent events: a `text/event-stream` response body parsed into events, as the WHATWG HTML standard's
 * "Interpreting an event stream" describes (https://html.spec.whatwg.org/multipage/server-sent-events.html).
 *
 * @packageDocumentation
 */

/**
 * One event of a `text/event-stream` response.
 *
 * @typeParam T - the type of one event's data: the schema the contract gives the `text/event-stream` media type.
 */
export interface ServerSentEvent<T> {
  /** The event type (`event:` field), `'message'` when the event names none. */
  event: string;
  /**
   * The data parsed as JSON, or `undefined` when it is not JSON (such as the `[DONE]` that closes an OpenAI
   * stream). Not checked against the schema at run time.
   */
  data: T | undefined;
  /** The data as sent: the `data:` lines joined with line feeds. */
  text: string;
  /** The last event ID the stream set (`id:` field), or `undefined` before any. */
  id: string | undefined;
  /** The reconnection time in milliseconds an event set (`retry:` field), or `undefined`. */
  retry: number | undefined;
}

/**
 * The events of a `text/event-stream` response, read as they arrive. Leaving a `for await` loop early cancels
 * the response body; aborting the call's signal ends the iteration with the signal's reason.
 */
export type EventStream<T> = AsyncGenerator<ServerSentEvent<T>, void, undefined>;

/** The event being built from the fields read since the last blank line. */
interface Pending {
  event: string;
  data: string[];
  retry: number | undefined;
}

const emptyEvent = (): Pending => ({ event: '', data: [], retry: undefined });

function parseData<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/**
 * Reads a `text/event-stream` body into events. Lines end with CRLF, LF or CR; a line starting with `:` is
 * a comment; an event is dispatched on a blank line when it has data; an `id` with a NUL is ignored, a
 * `retry` that is not all digits too; an unfinished event at the end of the stream is dropped.
 *
 * @typeParam T - the type of one event's data.
 * @param body - the response body (`null` yields nothing).
 * @param signal - aborts the iteration: the body is cancelled and the iterator throws the signal's reason.
 * @returns an async generator of the events.
 * @throws the signal's reason on abort, or the body's read error.
 */
export async function* readEventStream<T>(body: ReadableStream<Uint8Array> | null, signal?: AbortSignal): EventStream<T> {
  if (body === null) return;
  const reader = body.getReader();
  // UTF-8, a leading BOM dropped (TextDecoder's default), a character split across chunks kept whole.
  const decoder = new TextDecoder();
  const onAbort = (): void => {
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let finished = false;
  let lastId: string | undefined;
  let pending = emptyEvent();
  let buffer = '';
  try {
    signal?.throwIfAborted();
    while (!finished) {
      const chunk = await reader.read();
      signal?.throwIfAborted();
      finished = chunk.done;
      buffer += chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      for (;;) {
        const end = /\r\n|\r|\n/.exec(buffer);
        // A CR at the very end may be the first half of a CRLF split across chunks: wait for the next one.
        if (end === null || (!finished && end.index === buffer.length - 1 && end[0] === '\r')) break;
        const line = buffer.slice(0, end.index);
        buffer = buffer.slice(end.index + end[0].length);
        if (line === '') {
          if (pending.data.length > 0) {
            const text = pending.data.join('\n');
            yield { event: pending.event === '' ? 'message' : pending.event, data: parseData<T>(text), text, id: lastId, retry: pending.retry };
          }
          pending = emptyEvent();
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') pending.event = value;
        else if (field === 'data') pending.data.push(value);
        else if (field === 'id' && !value.includes('\u0000')) lastId = value;
        else if (field === 'retry' && /^\d+$/.test(value)) pending.retry = Number(value);
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
