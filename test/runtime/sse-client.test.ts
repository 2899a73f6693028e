// Server-sent events through a generated client: an operation whose success response declares
// `text/event-stream` (beside `application/json`, as OpenAI's `stream: true` operations do, or alone) gets a
// `<method>Events` method resolving to an async iterable of its events, typed `<Op>Event` from the event
// schema. The built CLI (`pnpm build` first) generates packages/plugin-client/test/fixtures/sse.yaml into
// `.runtime-out/sse/`; the client folder is compiled and imported, its streams served by msw.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { configureClient, resetClientConfig } from '@reslayer/runtime';
import { ROOT } from '../helpers/paths.js';
import { typecheck } from '../utils/typecheck.js';
import { generateAndCompile, type CompiledLayer } from './helpers/layer.js';

type Method = (...args: unknown[]) => Promise<AsyncIterable<{ event: string; data: unknown; text: string }>>;

let layer: CompiledLayer;
let completions: Record<string, Method>;
let logs: Record<string, Method>;
const server = setupServer();
const encoder = new TextEncoder();

/** A `text/event-stream` body of the given chunks, held open when `hold` is true. */
function eventStream(chunks: string[], hold = false): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      if (!hold) controller.close();
    },
  });
}

async function load(resource: string): Promise<Record<string, Method>> {
  const file = path.join(layer.srcDir, `shared/api/generated/${resource}/${resource}.client.js`);
  return ((await import(pathToFileURL(file).href)) as Record<string, Record<string, Method>>)[`${resource}Client`] ?? {};
}

beforeAll(async () => {
  layer = generateAndCompile('sse', path.join(ROOT, 'packages/plugin-client/test/fixtures/sse.yaml'));
  completions = await load('completions');
  logs = await load('logs');
  server.listen({ onUnhandledFrame: 'error' });
  configureClient({ baseUrl: 'https://llm.example.test' });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  resetClientConfig();
});

describe('a generated event-stream method', () => {
  it('yields the events of a mocked stream; the JSON method of the same operation is unchanged', async () => {
    server.use(
      http.post('https://llm.example.test/chat/completions', async ({ request }) => {
        const body = (await request.json()) as { stream?: boolean };
        if (body.stream !== true) return HttpResponse.json({ text: 'Hello' });
        expect(request.headers.get('accept')).toBe('text/event-stream');
        return new HttpResponse(eventStream(['data: {"delta":"Hel"}\n\n', 'event: delta\ndata: {"delta":"lo"}\n\n', 'data: [DONE]\n\n']), {
          headers: { 'Content-Type': 'text/event-stream' },
        });
      }),
    );
    const events = await completions['createChatCompletionEvents']?.({ prompt: 'hi', stream: true });
    const seen: [string, unknown][] = [];
    for await (const e of events ?? []) seen.push([e.event, e.data]);
    expect(seen).toEqual([
      ['message', { delta: 'Hel' }],
      ['delta', { delta: 'lo' }],
      ['message', undefined],
    ]);
    expect(await completions['createChatCompletion']?.({ prompt: 'hi' })).toEqual({ text: 'Hello' });
  });

  it('an operation that only streams keeps its name free: the stream method is numbered past a taken name', async () => {
    expect(Object.keys(logs)).toEqual(['getLog', 'getLogEvents2', 'getLogEvents', 'with']);
    server.use(
      http.get('https://llm.example.test/logs/:jobId', ({ request, params }) => {
        expect([params['jobId'], new URL(request.url).searchParams.get('follow')]).toEqual(['j1', 'true']);
        return new HttpResponse(eventStream(['data: {"line":"built"}\n\n'], true), { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const controller = new AbortController();
    const events = await logs['getLogEvents2']?.('j1', { follow: true }, { signal: controller.signal });
    const reason = new Error('closed the panel');
    const lines: unknown[] = [];
    const reading = (async () => {
      for await (const e of events ?? []) {
        lines.push(e.data);
        controller.abort(reason);
      }
    })();
    await expect(reading).rejects.toBe(reason);
    expect(lines).toEqual([{ line: 'built' }]);
  });

  it('the whole output with a probe type-checks with TypeScript 5.9 and 7: events typed from the event schema', () => {
    writeFileSync(
      path.join(layer.srcDir, 'probe.ts'),
      `import { completionsClient } from './shared/api/generated/completions/index.js';
import { logsClient } from './shared/api/generated/logs/index.js';

export async function probe(signal: AbortSignal): Promise<string> {
  let text = '';
  for await (const event of await completionsClient.createChatCompletionEvents({ prompt: 'hi', stream: true }, { signal })) {
    if (event.data !== undefined) text += event.data.delta;
    // @ts-expect-error an event's data may be undefined (not JSON)
    text += event.data.delta;
  }
  const answer = await completionsClient.createChatCompletion({ prompt: 'hi' });
  for await (const event of await logsClient.getLogEvents2('j1', { follow: true })) text += event.data?.line ?? event.text;
  return text + answer.text;
}
`,
    );
    const r = typecheck(layer.outDir);
    expect({ tsc59: r.tsc59, tsc7: r.tsc7 }).toEqual({ tsc59: [], tsc7: [] });
    expect(r.checkedFiles.some((f) => f.endsWith('/src/probe.ts'))).toBe(true);
  });
});
