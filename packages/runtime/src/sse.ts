/**
 * Streamed response bodies read as they arrive: server-sent events (a `text/event-stream` body parsed into
 * events, as the WHATWG HTML standard's "Interpreting an event stream" describes,
 * https://html.spec.whatwg.org/multipage/server-sent-events.html), JSON Lines (`application/jsonl`,
 * https://jsonlines.org) and JSON text sequences (`application/json-seq`, RFC 7464): the sequential media
 * types whose items OpenAPI 3.2's `itemSchema` describes.
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
 * The decoded text of a body, chunk by chunk: UTF-8, a leading BOM dropped (TextDecoder's default), a character
 * split across chunks kept whole. Leaving the iteration early cancels the body; aborting `signal` cancels it and
 * throws the signal's reason.
 */
async function* textChunks(body: ReadableStream<Uint8Array>, signal: AbortSignal | undefined): AsyncGenerator<string, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const onAbort = (): void => {
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let finished = false;
  try {
    signal?.throwIfAborted();
    while (!finished) {
      const chunk = await reader.read();
      signal?.throwIfAborted();
      finished = chunk.done;
      const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      if (text !== '') yield text;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * The lines of a body, each without its end (CRLF, LF or CR; a CR at the end of a chunk waits for the next
 * one, which may hold the LF of a CRLF). A last line without an end is yielded too, when it is not empty.
 */
async function* textLines(body: ReadableStream<Uint8Array>, signal: AbortSignal | undefined): AsyncGenerator<string, void, undefined> {
  let buffer = '';
  const split = function* (atEnd: boolean): Generator<string, void, undefined> {
    for (;;) {
      const end = /\r\n|\r|\n/.exec(buffer);
      if (end === null || (!atEnd && end.index === buffer.length - 1 && end[0] === '\r')) return;
      const line = buffer.slice(0, end.index);
      buffer = buffer.slice(end.index + end[0].length);
      yield line;
    }
  };
  for await (const text of textChunks(body, signal)) {
    buffer += text;
    yield* split(false);
  }
  yield* split(true);
  if (buffer !== '') yield buffer;
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
  let lastId: string | undefined;
  let pending = emptyEvent();
  for await (const line of textLines(body, signal)) {
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

/**
 * Reads a `text/event-stream` body into the items OpenAPI 3.2 describes with `itemSchema`: each event as an
 * object of its fields, `{ event, data, id?, retry? }` (`event` is `'message'` when the event names none; `id`
 * and `retry` only when set). With `data: 'json'` the data is parsed as JSON, kept as text when it is not JSON
 * (a `[DONE]` sentinel); with `data: 'text'` it is the text as sent (an item schema whose `data` is a string).
 *
 * @typeParam T - the type of one item (the media type's `itemSchema`); not checked at run time.
 * @param body - the response body (`null` yields nothing).
 * @param signal - aborts the iteration: the body is cancelled and the iterator throws the signal's reason.
 * @param data - how an event's data is read: `'json'` (the default) or `'text'`.
 * @returns an async generator of the items.
 * @throws the signal's reason on abort, or the body's read error.
 * @see https://spec.openapis.org/oas/v3.2.0#special-considerations-for-server-sent-events
 */
export async function* readEventItems<T>(body: ReadableStream<Uint8Array> | null, signal?: AbortSignal, data: 'json' | 'text' = 'json'): AsyncGenerator<T, void, undefined> {
  for await (const e of readEventStream<unknown>(body, signal)) {
    const item: Record<string, unknown> = { event: e.event, data: data === 'json' && e.data !== undefined ? e.data : e.text };
    if (e.id !== undefined) item['id'] = e.id;
    if (e.retry !== undefined) item['retry'] = e.retry;
    yield item as T;
  }
}

/**
 * Reads a JSON Lines body (`application/jsonl`, also `application/x-ndjson`): one JSON value per line, blank
 * lines skipped, the last line's end optional.
 *
 * @typeParam T - the type of one item (the media type's `itemSchema`); not checked at run time.
 * @param body - the response body (`null` yields nothing).
 * @param signal - aborts the iteration: the body is cancelled and the iterator throws the signal's reason.
 * @returns an async generator of the parsed lines.
 * @throws SyntaxError naming the line when a line is not JSON (the body is cancelled); the signal's reason on abort.
 * @see https://jsonlines.org
 */
export async function* readJsonLines<T>(body: ReadableStream<Uint8Array> | null, signal?: AbortSignal): AsyncGenerator<T, void, undefined> {
  if (body === null) return;
  let n = 0;
  for await (const line of textLines(body, signal)) {
    n++;
    if (line.trim() === '') continue;
    try {
      yield JSON.parse(line) as T;
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      throw new SyntaxError(`JSON Lines: line ${n} is not JSON: ${error.message}`);
    }
  }
}

/**
 * Reads a JSON text sequence body (`application/json-seq`, RFC 7464): each text starts with a record separator
 * (U+001E) and ends with a line feed. A text is yielded as soon as it ends with a line feed and parses; a text
 * that never parses (truncated) is skipped, as RFC 7464 §2.3 lets a parser do, and so is a last text without
 * its line feed unless it is an object, array or string (a number could be cut short, §2.4).
 *
 * @typeParam T - the type of one item (the media type's `itemSchema`); not checked at run time.
 * @param body - the response body (`null` yields nothing).
 * @param signal - aborts the iteration: the body is cancelled and the iterator throws the signal's reason.
 * @returns an async generator of the parsed texts.
 * @throws the signal's reason on abort, or the body's read error.
 * @see https://www.rfc-editor.org/rfc/rfc7464
 */
export async function* readJsonSeq<T>(body: ReadableStream<Uint8Array> | null, signal?: AbortSignal): AsyncGenerator<T, void, undefined> {
  if (body === null) return;
  let text = '';
  const parsed = (): { value: T } | undefined => {
    if (text.trim() === '') return undefined;
    try {
      return { value: JSON.parse(text) as T };
    } catch {
      return undefined;
    }
  };
  for await (const chunk of textChunks(body, signal)) {
    const records = chunk.split('\u001e');
    for (let i = 0; i < records.length; i++) {
      if (i > 0) {
        // A new record starts: an earlier text that never parsed is dropped.
        text = '';
      }
      text += records[i];
      const item = text.endsWith('\n') ? parsed() : undefined;
      if (item) {
        text = '';
        yield item.value;
      }
    }
  }
  // A last text without its line feed: a number, `true`, `false` or `null` may be cut short (RFC 7464 §2.4).
  const last = parsed();
  if (last && /[}\]"]\s*$/.test(text)) yield last.value;
}
