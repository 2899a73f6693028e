import { configureClient, resetClientConfig } from './config.js';
import { request } from './request.js';
import type { RequestSpec } from './types.js';

interface Call {
  url: string;
  init: RequestInit;
  /** What a real fetch would send: the init turned into a Request. */
  sent: Request;
}

/** Installs a fake fetch through configureClient and records what it receives. */
function useFakeFetch(respond: () => Response = () => new Response(null, { status: 204 })): Call[] {
  const calls: Call[] = [];
  configureClient({
    baseUrl: 'https://api.example.test',
    fetch: async (input: string | URL | Request, init: RequestInit = {}) => {
      calls.push({ url: String(input), init, sent: new Request(String(input), init) });
      return respond();
    },
  });
  return calls;
}

function only(calls: Call[]): Call {
  expect(calls).toHaveLength(1);
  return calls[0] as Call;
}

const post = (extra: Partial<RequestSpec>): RequestSpec => ({ method: 'POST', path: '/items', responseType: 'none', ...extra });

afterEach(() => resetClientConfig());

describe('request bodies', () => {
  it.each([
    ['json', { a: 1, d: new Date('2024-01-01T00:00:00.000Z') }, undefined, 'application/json', '{"a":1,"d":"2024-01-01T00:00:00.000Z"}'],
    ['json', { op: 'x' }, 'application/merge-patch+json', 'application/merge-patch+json', '{"op":"x"}'],
    ['json', [1, 2], undefined, 'application/json', '[1,2]'],
    ['json', null, undefined, 'application/json', 'null'],
    ['text', 42, undefined, 'text/plain', '42'],
    ['text', 'a,b', 'text/csv', 'text/csv', 'a,b'],
    ['form', { q: 'a b&c', tags: ['x', 'y'], skip: undefined, nil: null, obj: { k: 1 } }, undefined,
      'application/x-www-form-urlencoded', 'q=a+b%26c&tags=x&tags=y&obj=%7B%22k%22%3A1%7D'],
    ['form', new URLSearchParams('z=1'), undefined, 'application/x-www-form-urlencoded', 'z=1'],
  ] as const)('%s body %j (mediaType %s) → %s %s', async (bodyType, body, mediaType, contentType, text) => {
    const calls = useFakeFetch();
    await request(post({ bodyType, body, ...(mediaType === undefined ? {} : { mediaType }) }));
    const call = only(calls);
    expect(call.sent.headers.get('content-type')).toBe(contentType);
    expect(await call.sent.text()).toBe(text);
  });

  it('builds multipart FormData: Blob kept, arrays repeated, objects as JSON, no explicit Content-Type', async () => {
    const calls = useFakeFetch();
    configureClient({ headers: { 'Content-Type': 'application/json' } });
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    await request(
      post({
        bodyType: 'multipart',
        body: { file, blob: new Blob(['b']), tags: ['a', 'b'], meta: { k: 1 }, n: 3, skip: undefined, nil: null },
      }),
    );
    const call = only(calls);
    expect(call.init.body).toBeInstanceOf(FormData);
    expect((call.init.headers as Headers).has('content-type')).toBe(false);
    const form = call.init.body as FormData;
    expect([...form.keys()]).toEqual(['file', 'blob', 'tags', 'tags', 'meta', 'n']);
    const sentFile = form.get('file') as File;
    expect(sentFile.name).toBe('hello.txt');
    expect(await sentFile.text()).toBe('hello');
    expect(await (form.get('blob') as Blob).text()).toBe('b');
    expect(form.getAll('tags')).toEqual(['a', 'b']);
    expect(form.get('meta')).toBe('{"k":1}');
    expect(form.get('n')).toBe('3');
    expect(call.sent.headers.get('content-type')).toMatch(/^multipart\/form-data; ?boundary=/);
  });

  it('passes a FormData through unchanged', async () => {
    const calls = useFakeFetch();
    const form = new FormData();
    form.append('x', '1');
    await request(post({ bodyType: 'multipart', body: form, mediaType: 'multipart/form-data' }));
    expect(only(calls).init.body).toBe(form);
    expect(only(calls).sent.headers.get('content-type')).toMatch(/boundary=/);
  });

  it.each([
    ['Uint8Array', new Uint8Array([1, 2, 3]), undefined, 'application/octet-stream'],
    ['ArrayBuffer', new Uint8Array([1, 2, 3]).buffer, 'image/png', 'image/png'],
    ['typed Blob', new Blob([new Uint8Array([1, 2, 3])], { type: 'application/pdf' }), undefined, 'application/pdf'],
    ['untyped Blob', new Blob([new Uint8Array([1, 2, 3])]), undefined, 'application/octet-stream'],
  ])('sends a binary %s as-is', async (_label, body, mediaType, contentType) => {
    const calls = useFakeFetch();
    await request(post({ bodyType: 'binary', body, ...(mediaType === undefined ? {} : { mediaType }) }));
    const call = only(calls);
    expect(call.init.body).toBe(body);
    expect(call.sent.headers.get('content-type')).toBe(contentType);
    expect([...new Uint8Array(await call.sent.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it.each([
    ['binary', 'not bytes'],
    ['binary', { a: 1 }],
    ['multipart', 'a string'],
    ['form', [1, 2]],
  ] as const)('rejects a %s body %j with a TypeError before fetching', async (bodyType, body) => {
    const calls = useFakeFetch();
    await expect(request(post({ bodyType, body }))).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(0);
  });

  it('sends no body and no Content-Type when body is undefined', async () => {
    const calls = useFakeFetch();
    await request(post({ bodyType: 'json' }));
    const call = only(calls);
    expect(call.init.body).toBeUndefined();
    expect(call.sent.headers.has('content-type')).toBe(false);
  });

  it.each([
    ['FormData', new FormData(), /^multipart\/form-data/],
    ['URLSearchParams', new URLSearchParams('a=1'), /^application\/x-www-form-urlencoded/],
    ['Blob', new Blob(['x'], { type: 'image/gif' }), /^image\/gif$/],
    ['plain object', { a: 1 }, /^application\/json$/],
  ])('infers the body type of a %s when bodyType is omitted', async (_label, body, contentType) => {
    const calls = useFakeFetch();
    await request(post({ body }));
    expect(only(calls).sent.headers.get('content-type')).toMatch(contentType);
  });

  it('lets per-call headers override the body Content-Type', async () => {
    const calls = useFakeFetch();
    await request(post({ bodyType: 'json', body: {} }), { headers: { 'content-type': 'application/vnd.x+json' } });
    expect(only(calls).sent.headers.get('content-type')).toBe('application/vnd.x+json');
  });
});

describe('success responses', () => {
  const get = (responseType: RequestSpec['responseType'], method: RequestSpec['method'] = 'GET'): RequestSpec => ({
    method,
    path: '/r',
    responseType,
  });
  const json = (text: string | null, status = 200): (() => Response) => () =>
    new Response(text, { status, headers: { 'content-type': 'application/json' } });

  it.each([
    ['json', json('{"a":[1,2]}'), { a: [1, 2] }],
    ['json', json('"s"', 201), 's'],
    ['json', json(''), undefined],
    ['json', json('  \n'), undefined],
    ['json', json(null, 204), undefined],
    ['json', json(null, 205), undefined],
    ['text', () => new Response('plain text'), 'plain text'],
    ['text', () => new Response(null, { status: 204 }), ''],
    ['none', json('{"ignored":true}'), undefined],
    ['none', () => new Response(null, { status: 204 }), undefined],
  ] as const)('%s response → %j', async (responseType, respond, expected) => {
    useFakeFetch(respond);
    await expect(request(get(responseType))).resolves.toEqual(expected);
  });

  it('reads JSON even without a JSON Content-Type', async () => {
    useFakeFetch(() => new Response('{"a":1}', { headers: { 'content-type': 'text/plain' } }));
    await expect(request(get('json'))).resolves.toEqual({ a: 1 });
  });

  it('returns undefined for a HEAD request read as json', async () => {
    useFakeFetch(() => new Response(null, { status: 200, headers: { 'content-length': '10' } }));
    await expect(request(get('json', 'HEAD'))).resolves.toBeUndefined();
  });

  it('returns a Blob for blob', async () => {
    useFakeFetch(() => new Response(new Uint8Array([7, 8]), { headers: { 'content-type': 'application/pdf' } }));
    const blob = await request<Blob>(get('blob'));
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('application/pdf');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([7, 8]);
  });

  it('rejects with a SyntaxError for an invalid 2xx JSON body', async () => {
    useFakeFetch(json('{not json'));
    await expect(request(get('json'))).rejects.toThrow(SyntaxError);
  });
});
