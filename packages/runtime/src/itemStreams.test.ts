import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createClient } from './client.js';
import { readEventItems, readJsonLines, readJsonSeq } from './sse.js';
import type { RequestSpec } from './types.js';

const encoder = new TextEncoder();

/** A stream of the given chunks. */
function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('readJsonLines (https://jsonlines.org)', () => {
  it.each([
    ['one value per line, LF', ['{"n":1}\n{"n":2}\n'], [{ n: 1 }, { n: 2 }]],
    ['CRLF ends, a value split across chunks, no end on the last line', ['{"n":', '1}\r\n[1,', '2]\r\n"x"'], [{ n: 1 }, [1, 2], 'x']],
    ['blank lines skipped', ['\n1\n\n  \n2\n'], [1, 2]],
    ['a non-ASCII character', ['"\u00e9"\n'], ['\u00e9']],
    ['nothing', [], []],
  ])('%s', async (_name, chunks, expected) => {
    expect(await collect(readJsonLines(streamOf(chunks)))).toEqual(expected);
  });

  it('a line that is not JSON throws a SyntaxError naming the line', async () => {
    await expect(collect(readJsonLines(streamOf(['{"n":1}\n', 'oops\n'])))).rejects.toThrow(/^JSON Lines: line 2 is not JSON/);
  });

  it('a null body yields nothing', async () => {
    expect(await collect(readJsonLines(null))).toEqual([]);
  });
});

describe('readJsonSeq (RFC 7464)', () => {
  it.each([
    ['RS + text + LF each', ['\u001e{"n":1}\n\u001e{"n":2}\n'], [{ n: 1 }, { n: 2 }]],
    ['a text split across chunks', ['\u001e{"n"', ':1}', '\n\u001e2\n'], [{ n: 1 }, 2]],
    ['a truncated text is skipped, the next one read', ['\u001e{"n":\n\u001e{"n":3}\n'], [{ n: 3 }]],
    ['a last object without its LF is read', ['\u001e{"n":1}'], [{ n: 1 }]],
    ['a last number without its LF may be cut short: skipped', ['\u001e1\n\u001e12'], [1]],
    ['pretty-printed texts spanning lines', ['\u001e{\n  "n": 1\n}\n'], [{ n: 1 }]],
  ])('%s', async (_name, chunks, expected) => {
    expect(await collect(readJsonSeq(streamOf(chunks)))).toEqual(expected);
  });
});

describe('readEventItems (OpenAPI 3.2 itemSchema for text/event-stream)', () => {
  const events = ['event: delta\nid: 7\ndata: {"n":1}\n\n', 'retry: 10\ndata: [DONE]\n\n', 'data: "42"\n\n'];
  it.each([
    ['json', [{ event: 'delta', data: { n: 1 }, id: '7' }, { event: 'message', data: '[DONE]', id: '7', retry: 10 }, { event: 'message', data: '42', id: '7' }]],
    ['text', [{ event: 'delta', data: '{"n":1}', id: '7' }, { event: 'message', data: '[DONE]', id: '7', retry: 10 }, { event: 'message', data: '"42"', id: '7' }]],
  ] as const)('data read as %s; id and retry only when set', async (data, expected) => {
    expect(await collect(readEventItems(streamOf(events), undefined, data))).toEqual(expected);
  });
});

describe('item streams and the QUERY method through the client, against an msw mock', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  const api = createClient({ baseUrl: 'https://api.example.test' });

  it.each([
    ['jsonl', 'application/jsonl', '{"n":1}\n{"n":2}\n'],
    ['json-seq', 'application/json-seq', '\u001e{"n":1}\n\u001e{"n":2}\n'],
    ['sse-items', 'text/event-stream', 'data: {"n":1}\n\ndata: {"n":2}\n\n'],
  ] as const)('responseType %s: a QUERY with a JSON body yields the items as they arrive', async (responseType, mediaType, text) => {
    server.use(
      http.all('https://api.example.test/logs', async ({ request }) => {
        expect([request.method, request.headers.get('accept'), await request.json()]).toEqual(['QUERY', mediaType, { level: 'warn' }]);
        return new HttpResponse(streamOf([text]), { headers: { 'Content-Type': mediaType } });
      }),
    );
    const spec: RequestSpec = { method: 'QUERY', path: '/logs', body: { level: 'warn' }, bodyType: 'json', accept: mediaType, responseType };
    const items = await api.request<AsyncIterable<{ n: number } | { data: { n: number } }>>(spec);
    const ns = (await collect(items)).map((item) => ('data' in item ? item.data.n : item.n));
    expect(ns).toEqual([1, 2]);
  });
});
