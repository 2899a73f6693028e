import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, isApiError } from './ApiError.js';
import { configureClient, resetClientConfig, type ClientConfig } from './config.js';
import { request } from './request.js';
import type { RequestSpec } from './types.js';

interface Call {
  url: string;
  init: RequestInit;
  headers: Headers;
}

/** Installs a fake fetch through configureClient and records what it receives. */
function useFakeFetch(respond: () => Response | Promise<Response> = () => new Response(null, { status: 204 })): Call[] {
  const calls: Call[] = [];
  configureClient({
    baseUrl: 'https://api.example.test/prefix',
    fetch: async (input: string | URL | Request, init: RequestInit = {}) => {
      calls.push({ url: String(input), init, headers: new Headers(init.headers) });
      return respond();
    },
  });
  return calls;
}

function only(calls: Call[]): Call {
  expect(calls).toHaveLength(1);
  return calls[0] as Call;
}

const spec = (extra: Partial<RequestSpec> = {}): RequestSpec => ({
  method: 'GET',
  path: '/api/v1/contacts/{contactId}',
  pathParams: { contactId: 'c1' },
  responseType: 'json',
  ...extra,
});

afterEach(() => resetClientConfig());

describe('URL, method and init', () => {
  it('sends the method to base URL + serialized path + query', async () => {
    const calls = useFakeFetch();
    await request(spec({ method: 'DELETE', pathParams: { contactId: '../x?y#z' }, query: { a: [1, 2], b: undefined } }));
    const call = only(calls);
    expect(call.url).toBe('https://api.example.test/prefix/api/v1/contacts/..%2Fx%3Fy%23z?a=1&a=2');
    expect(new URL(call.url).pathname).toBe('/prefix/api/v1/contacts/..%2Fx%3Fy%23z');
    expect(call.init.method).toBe('DELETE');
  });

  it('passes credentials and the abort signal', async () => {
    const calls = useFakeFetch();
    configureClient({ credentials: 'include' });
    const controller = new AbortController();
    await request(spec(), { signal: controller.signal });
    expect(only(calls).init.credentials).toBe('include');
    expect(only(calls).init.signal).toBe(controller.signal);
  });

  it('sets no credentials or signal when not given', async () => {
    const calls = useFakeFetch();
    await request(spec());
    expect('credentials' in only(calls).init).toBe(false);
    expect('signal' in only(calls).init).toBe(false);
  });

  it('rejects a missing path parameter without fetching', async () => {
    const calls = useFakeFetch();
    await expect(request(spec({ pathParams: {} }))).rejects.toThrow(/contactId/);
    expect(calls).toHaveLength(0);
  });

  it('looks up globalThis.fetch at call time when no fetch is configured', async () => {
    const original = globalThis.fetch;
    configureClient({ baseUrl: 'https://h' });
    const seen: string[] = [];
    globalThis.fetch = async (input: string | URL | Request) => {
      seen.push(String(input));
      return new Response('{"ok":true}');
    };
    try {
      await expect(request(spec())).resolves.toEqual({ ok: true });
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual(['https://h/api/v1/contacts/c1']);
  });
});

describe('auth', () => {
  const rows: [label: string, auth: NonNullable<ClientConfig['auth']>, header: [string, string | null], url: string][] = [
    ['bearer string', { type: 'bearer', token: 'abc' }, ['authorization', 'Bearer abc'], ''],
    ['bearer sync getter', { type: 'bearer', token: () => 'sync' }, ['authorization', 'Bearer sync'], ''],
    ['bearer async getter', { type: 'bearer', token: async () => 'async' }, ['authorization', 'Bearer async'], ''],
    ['bearer getter → undefined', { type: 'bearer', token: () => undefined }, ['authorization', null], ''],
    ['bearer empty string', { type: 'bearer', token: '' }, ['authorization', null], ''],
    // RFC 7617 §2 and §2.1 examples.
    ['basic', { type: 'basic', username: 'Aladdin', password: 'open sesame' }, ['authorization', 'Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=='], ''],
    ['basic UTF-8', { type: 'basic', username: 'test', password: '123£' }, ['authorization', 'Basic dGVzdDoxMjPCow=='], ''],
    ['apiKey header', { type: 'apiKey', in: 'header', name: 'X-Api-Key', value: 'k1' }, ['x-api-key', 'k1'], ''],
    ['apiKey header async getter', { type: 'apiKey', in: 'header', name: 'X-Api-Key', value: async () => 'k2' }, ['x-api-key', 'k2'], ''],
    ['apiKey query', { type: 'apiKey', in: 'query', name: 'api key', value: 'a&b' }, ['authorization', null], '?page=1&api%20key=a%26b'],
    ['apiKey query getter → undefined', { type: 'apiKey', in: 'query', name: 'k', value: () => undefined }, ['authorization', null], '?page=1'],
    ['apiKey cookie', { type: 'apiKey', in: 'cookie', name: 'sid', value: 's 1' }, ['cookie', 'sid=s%201'], ''],
  ];

  it.each(rows)('%s', async (_label, auth, [header, value], query) => {
    const calls = useFakeFetch();
    configureClient({ auth });
    await request(spec(query === '' ? {} : { query: { page: 1 } }));
    const call = only(calls);
    expect(call.headers.get(header)).toBe(value);
    expect(call.url).toBe(`https://api.example.test/prefix/api/v1/contacts/c1${query}`);
  });

  it('calls the token getter for every request', async () => {
    const calls = useFakeFetch();
    let n = 0;
    configureClient({ auth: { type: 'bearer', token: () => `t${++n}` } });
    await request(spec());
    await request(spec());
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual(['Bearer t1', 'Bearer t2']);
  });
});

describe('headers', () => {
  it('merges config headers, auth, header parameters, cookies and per-call headers in that order', async () => {
    const calls = useFakeFetch();
    configureClient({
      headers: async () => ({ 'X-Static': 's', 'X-Over': 'config', Authorization: 'config', Cookie: 'pre=1' }),
      auth: { type: 'bearer', token: 'tok' },
    });
    await request(
      spec({
        headers: { 'X-Over': 'param', 'X-List': ['a', 'b'], 'X-Num': 5, 'X-Skip': undefined, 'X-Obj': { k: 'v' } },
        cookies: { theme: 'dark', ids: [1, 2], skip: undefined },
      }),
      { headers: { 'x-call': 'c', 'x-list': 'call-wins' } },
    );
    const headers = only(calls).headers;
    expect(Object.fromEntries(headers)).toEqual({
      authorization: 'Bearer tok',
      cookie: 'pre=1; theme=dark; ids=1,2',
      'x-call': 'c',
      'x-list': 'call-wins',
      'x-num': '5',
      'x-obj': 'k,v',
      'x-over': 'param',
      'x-static': 's',
    });
  });

  it('keeps the configured Authorization when the token getter yields nothing', async () => {
    const calls = useFakeFetch();
    configureClient({ headers: { Authorization: 'Custom x' }, auth: { type: 'bearer', token: () => undefined } });
    await request(spec());
    expect(only(calls).headers.get('authorization')).toBe('Custom x');
  });

  it('sends no Cookie header without cookies', async () => {
    const calls = useFakeFetch();
    await request(spec({ cookies: { a: undefined } }));
    expect(only(calls).headers.has('cookie')).toBe(false);
  });
});

describe('errors', () => {
  it.each([
    ['JSON', 404, 'application/json', '{"message":"no such contact"}', { message: 'no such contact' }, 'json'],
    ['problem+json', 422, 'application/problem+json; charset=utf-8', '{"title":"bad"}', { title: 'bad' }, 'json'],
    ['JSON string', 409, 'application/json', '"taken"', 'taken', 'json'],
    ['text', 500, 'text/plain', 'boom', 'boom', 'text'],
    ['invalid JSON', 502, 'application/json', '<html>', '<html>', 'text'],
    ['JSON-looking text', 400, 'text/html', '{"a":1}', '{"a":1}', 'text'],
    ['empty', 401, 'application/json', '', undefined, 'empty'],
  ])('throws ApiError with a %s body', async (_label, status, contentType, text, body, bodyKind) => {
    useFakeFetch(() => new Response(text, { status, statusText: 'S', headers: { 'content-type': contentType, 'x-id': 'r' } }));
    const error: unknown = await request(spec({ method: 'PATCH' })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error)).toBe(true);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(status);
    expect(apiError.body).toEqual(body);
    expect(apiError.bodyKind).toBe(bodyKind);
    expect(apiError.isJson()).toBe(bodyKind === 'json');
    expect(apiError.method).toBe('PATCH');
    expect(apiError.url).toBe('https://api.example.test/prefix/api/v1/contacts/c1');
    expect(apiError.headers.get('x-id')).toBe('r');
    expect(apiError.message).toBe(`PATCH https://api.example.test/prefix/api/v1/contacts/c1 failed: ${status} S`);
  });

  it('sends a literal query of the path key first and drops a fragment', async () => {
    const calls = useFakeFetch();
    await request(spec({ path: '/responses/{contactId}?beta=true#x', query: { include: ['a', 'b'] } }));
    expect(only(calls).url).toBe('https://api.example.test/prefix/responses/c1?beta=true&include=a&include=b');
  });

  it.each([200, 204, 299])('treats status %s as success', async (status) => {
    useFakeFetch(() => new Response(null, { status }));
    await expect(request(spec())).resolves.toBeUndefined();
  });

  it.each([300, 304, 399, 400, 599])('treats status %s as an error', async (status) => {
    useFakeFetch(() => new Response(null, { status }));
    await expect(request(spec())).rejects.toMatchObject({ name: 'ApiError', status, body: undefined });
  });

  it('propagates network errors unchanged', async () => {
    const failure = new TypeError('fetch failed');
    useFakeFetch(() => Promise.reject(failure));
    const error: unknown = await request(spec()).catch((caught: unknown) => caught);
    expect(error).toBe(failure);
    expect(isApiError(error)).toBe(false);
  });

  it('does not fetch when the signal is already aborted', async () => {
    const calls = useFakeFetch();
    const controller = new AbortController();
    controller.abort();
    await expect(request(spec(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(0);
  });

  it('rejects with the abort reason when aborted during the request', async () => {
    configureClient({
      fetch: (_input: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    });
    const controller = new AbortController();
    const pending = request(spec(), { signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });

  it('throws a TypeError when there is no fetch at all', async () => {
    const original = globalThis.fetch;
    Reflect.deleteProperty(globalThis, 'fetch');
    try {
      await expect(request(spec())).rejects.toThrow(/No fetch implementation/);
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('over real fetch against a node:http server', () => {
  it('sends what the server expects', async () => {
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const echo = { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() };
        res.writeHead(req.url?.includes('fail') === true ? 409 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(echo));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      configureClient({ baseUrl: `http://127.0.0.1:${port}/base/`, auth: { type: 'basic', username: 'u', password: 'p' } });
      const echo = await request<{ method: string; url: string; headers: Record<string, string>; body: string }>({
        method: 'POST',
        path: '/files/{name}',
        pathParams: { name: '../x?y#z' },
        query: { filter: { a: 1 } },
        queryStyles: { filter: { style: 'deepObject', explode: true } },
        cookies: { c: 'v' },
        body: { file: new Blob(['data'], { type: 'text/plain' }), note: 'n' },
        bodyType: 'multipart',
        responseType: 'json',
      });
      expect(echo.method).toBe('POST');
      expect(echo.url).toBe('/base/files/..%2Fx%3Fy%23z?filter[a]=1');
      expect(echo.headers['authorization']).toBe('Basic dTpw');
      expect(echo.headers['cookie']).toBe('c=v');
      expect(echo.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(echo.body).toContain('data');
      expect(echo.body).toContain('name="note"');

      const error: unknown = await request({ method: 'GET', path: '/fail', responseType: 'json' }).catch((e: unknown) => e);
      expect(isApiError<{ url: string }>(error) && error.status === 409 && error.isJson() && error.body.url).toBe('/base/fail');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('Accept header', () => {
  it('sends the media type the client reads, and options.headers can override it', async () => {
    const seen: string[] = [];
    const { configureClient, request, resetClientConfig } = await import('./index.js');
    resetClientConfig();
    configureClient({
      baseUrl: 'http://api.test',
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        seen.push(new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get('accept') ?? '');
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      }) as typeof fetch,
    });
    await request({ method: 'GET', path: '/x', accept: 'application/json', responseType: 'json' });
    await request({ method: 'GET', path: '/x', accept: 'application/json', responseType: 'json' }, { headers: { Accept: 'application/xml' } });
    await request({ method: 'GET', path: '/x', responseType: 'json' });
    expect(seen).toEqual(['application/json', 'application/xml', '']);
    resetClientConfig();
  });
});
