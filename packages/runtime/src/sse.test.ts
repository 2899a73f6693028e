import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createClient } from './client.js';
import { readEventStream, type EventStream, type ServerSentEvent } from './sse.js';
import type { RequestSpec } from './types.js';

const encoder = new TextEncoder();

/** A stream of the given chunks; with `hold`, it stays open after them (until cancelled). */
function streamOf(chunks: string[], options: { hold?: boolean; onCancel?: (reason: unknown) => void } = {}): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (options.hold !== true) controller.close();
    },
    cancel(reason) {
      options.onCancel?.(reason);
    },
  });
}

async function collect<T>(events: AsyncIterable<ServerSentEvent<T>>): Promise<ServerSentEvent<T>[]> {
  const all: ServerSentEvent<T>[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('readEventStream (WHATWG "Interpreting an event stream")', () => {
  it('parses fields, comments, multi-line data, ids and retry; lines may end with CRLF, LF or CR, split across chunks', async () => {
    const events = await collect(
      readEventStream<{ n: number }>(
        streamOf(['\uFEFF: comment\r\nevent: delta\r', '\ndata: {"n":', '1}\r\nid: 7\n\n', 'data: line one\ndata:line two\rretry: 1500\r\r', 'data: [DONE]\n\n', 'data: unfinished']),
      ),
    );
    expect(events).toEqual([
      { event: 'delta', data: { n: 1 }, text: '{"n":1}', id: '7', retry: undefined },
      { event: 'message', data: undefined, text: 'line one\nline two', id: '7', retry: 1500 },
      { event: 'message', data: undefined, text: '[DONE]', id: '7', retry: undefined },
    ]);
  });

  it('keeps a UTF-8 character split across chunks, ignores events without data and invalid id/retry values', async () => {
    const bytes = encoder.encode('data: "é"\n\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('event: ping\n\nid: a\u0000b\nretry: 1x\n'));
        controller.enqueue(bytes.slice(0, 8));
        controller.enqueue(bytes.slice(8));
        controller.close();
      },
    });
    expect(await collect(readEventStream<string>(stream))).toEqual([{ event: 'message', data: 'é', text: '"é"', id: undefined, retry: undefined }]);
  });

  it('leaving the loop early cancels the body', async () => {
    let cancelled = false;
    const events = readEventStream(streamOf(['data: 1\n\n', 'data: 2\n\n'], { hold: true, onCancel: () => (cancelled = true) }));
    for await (const event of events) {
      expect(event.data).toBe(1);
      break;
    }
    expect(cancelled).toBe(true);
  });
});

describe('a text/event-stream operation against an msw mock', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  interface Chunk {
    delta: string;
  }
  const spec: RequestSpec = { method: 'POST', path: '/chat/completions', body: { stream: true }, bodyType: 'json', accept: 'text/event-stream', responseType: 'sse' };
  const api = createClient({ baseUrl: 'https://llm.example.test' });

  it('yields the events of the mocked stream, typed by the schema of one event', async () => {
    server.use(
      http.post('https://llm.example.test/chat/completions', async ({ request }) => {
        expect([request.headers.get('accept'), await request.json()]).toEqual(['text/event-stream', { stream: true }]);
        const body = streamOf(['data: {"delta":"Hel"}\n\n', 'data: {"delta":"lo"}\n\n', 'data: [DONE]\n\n']);
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const events: EventStream<Chunk> = await api.request<EventStream<Chunk>>(spec);
    const text: string[] = [];
    for await (const event of events) if (event.data !== undefined) text.push(event.data.delta);
    expect(text.join('')).toBe('Hello');
  });

  it('aborting the signal ends the iteration with the reason and cancels the stream', async () => {
    let cancelled: unknown;
    server.use(
      http.post('https://llm.example.test/chat/completions', () =>
        new HttpResponse(streamOf(['data: {"delta":"a"}\n\n'], { hold: true, onCancel: (reason) => (cancelled = reason ?? 'cancelled') }), {
          headers: { 'Content-Type': 'text/event-stream' },
        }),
      ),
    );
    const controller = new AbortController();
    const events = await api.request<EventStream<Chunk>>(spec, { signal: controller.signal });
    const seen: string[] = [];
    const reason = new Error('stop');
    const done = (async () => {
      for await (const event of events) {
        seen.push(event.data?.delta ?? '');
        controller.abort(reason);
      }
    })();
    await expect(done).rejects.toBe(reason);
    expect(seen).toEqual(['a']);
    // The cancel travels through msw's response stream: wait for it (a loaded machine can take a while).
    for (let waited = 0; cancelled === undefined && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cancelled).toBeDefined();
  });

  it('an error status is an ApiError, not a stream', async () => {
    server.use(http.post('https://llm.example.test/chat/completions', () => HttpResponse.json({ error: 'rate limited' }, { status: 429 })));
    await expect(api.request(spec)).rejects.toMatchObject({ name: 'ApiError', status: 429, body: { error: 'rate limited' } });
  });
});
