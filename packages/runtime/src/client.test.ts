import { isApiError } from './ApiError.js';
import { createClient, defaultClient } from './client.js';
import { configureClient, resetClientConfig } from './config.js';
import type { Interceptors } from './interceptors.js';
import { request } from './request.js';
import type { CallResult, RawResult, RequestOptions, RequestSpec } from './types.js';

interface Call {
  url: string;
  init: RequestInit;
  headers: Headers;
}

/** A fake fetch that records its calls and answers with `respond(callIndex)`. */
function fakeFetch(respond: (index: number, call: Call) => Response = () => Response.json({ ok: true })): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}) => {
    const call = { url: String(input), init, headers: new Headers(init.headers) };
    calls.push(call);
    return respond(calls.length - 1, call);
  };
  return { fetch: fetchImpl as typeof fetch, calls };
}

const spec: RequestSpec = { method: 'GET', path: '/items/{id}', pathParams: { id: 'a1' }, responseType: 'json' };

afterEach(() => resetClientConfig());

describe('client instances', () => {
  it('two instances keep their own base URL, headers and auth, and the default client is untouched', async () => {
    const one = fakeFetch();
    const two = fakeFetch();
    const a = createClient({ baseUrl: 'https://a.test', fetch: one.fetch, headers: { 'X-Api': 'a' } });
    const b = createClient({ baseUrl: 'https://b.test/v2', fetch: two.fetch, auth: { type: 'bearer', token: 'tb' } });
    const fallback = fakeFetch();
    configureClient({ baseUrl: 'https://default.test', fetch: fallback.fetch });
    await a.request(spec);
    await b.request(spec);
    await defaultClient.request(spec);
    expect(one.calls.map((c) => [c.url, c.headers.get('x-api'), c.headers.get('authorization')])).toEqual([['https://a.test/items/a1', 'a', null]]);
    expect(two.calls.map((c) => [c.url, c.headers.get('x-api'), c.headers.get('authorization')])).toEqual([['https://b.test/v2/items/a1', null, 'Bearer tb']]);
    expect(fallback.calls.map((c) => c.url)).toEqual(['https://default.test/items/a1']);
  });

  it('configure merges into the instance only; getConfig returns a frozen snapshot', () => {
    const client = createClient({ baseUrl: 'https://a.test' });
    client.configure({ credentials: 'include' });
    expect(client.getConfig()).toEqual({ baseUrl: 'https://a.test', credentials: 'include' });
    expect(Object.isFrozen(client.getConfig())).toBe(true);
    expect(defaultClient.getConfig()).toEqual({ baseUrl: '' });
  });

  it('the default client is the one configureClient configures', async () => {
    const { fetch, calls } = fakeFetch();
    configureClient({ baseUrl: 'https://d.test', fetch });
    await defaultClient.request(spec);
    await request(spec);
    expect(calls.map((c) => c.url)).toEqual(['https://d.test/items/a1', 'https://d.test/items/a1']);
  });
});

describe('RequestInit pass-through', () => {
  it('sends cache, keepalive, priority, mode and redirect from the instance, a call overriding them', async () => {
    const { fetch, calls } = fakeFetch();
    const client = createClient({ fetch, cache: 'no-store', keepalive: true, priority: 'low', mode: 'cors', redirect: 'error' });
    await client.request(spec);
    await client.request(spec, { cache: 'reload', priority: 'high', redirect: 'manual', mode: 'same-origin', keepalive: false });
    const picked = calls.map(({ init }) => [init.cache, init.keepalive, init.priority, init.mode, init.redirect]);
    expect(picked).toEqual([
      ['no-store', true, 'low', 'cors', 'error'],
      ['reload', false, 'high', 'same-origin', 'manual'],
    ]);
  });

  it('sets none of them when neither the config nor the call gives them', async () => {
    const { fetch, calls } = fakeFetch();
    await createClient({ fetch }).request(spec);
    expect(Object.keys(calls[0]?.init ?? {}).sort()).toEqual(['headers', 'method']);
  });
});

describe('raw responses', () => {
  it('{ raw: true } resolves to the data, the response and the Content-Disposition file name', async () => {
    const { fetch } = fakeFetch(() => Response.json({ id: 'a1' }, { headers: { ETag: '"v1"', 'Content-Disposition': 'attachment; filename="a1.json"' } }));
    const client = createClient({ fetch });
    const result = await client.request<{ id: string }, { raw: true }>(spec, { raw: true });
    expect(result.data).toEqual({ id: 'a1' });
    expect(result.response.headers.get('etag')).toBe('"v1"');
    expect(result.fileName).toBe('a1.json');
    expect(await client.request<{ id: string }>(spec)).toEqual({ id: 'a1' });
  });

  it('a blob download named by Content-Disposition is a File with that name', async () => {
    const { fetch } = fakeFetch(() => new Response('pdf', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': "attachment; filename=\"fallback.pdf\"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf" } }));
    const file = await createClient({ fetch }).request<Blob>({ ...spec, responseType: 'blob' });
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('résumé.pdf');
    expect(await file.text()).toBe('pdf');
  });

  it('types: raw: true gives RawResult, no raw or raw: false the data, a boolean raw either (checked by tsc)', () => {
    type Data = { id: string };
    type Same<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
    const checks: [
      Same<CallResult<Data, { raw: true }>, RawResult<Data>>,
      Same<CallResult<Data, RequestOptions>, Data>,
      Same<CallResult<Data, { signal: AbortSignal }>, Data>,
      Same<CallResult<Data, { raw: false }>, Data>,
      Same<CallResult<Data, { raw?: boolean }>, Data | RawResult<Data>>,
    ] = [true, true, true, true, true];
    // @ts-expect-error without raw the result is the data, not a RawResult
    const notRaw: Same<CallResult<Data, RequestOptions>, RawResult<Data>> = true;
    expect([...checks, notRaw]).toHaveLength(6);
  });
});

describe('interceptors', () => {
  /** A session whose access token a refresh replaces; the server accepts only `fresh`. */
  function session() {
    const state = { token: 'stale', refreshes: 0 };
    const refresh = async () => {
      state.refreshes++;
      state.token = 'fresh';
    };
    return { state, refresh };
  }

  const refreshOn401 = (refresh: () => Promise<void>): Interceptors => ({
    async onResponse({ response, retry }) {
      if (response.status !== 401) return;
      await refresh();
      return retry();
    },
  });

  it('a 401 refreshes the token once and the retried request, with the new token, succeeds', async () => {
    const { state, refresh } = session();
    const { fetch, calls } = fakeFetch((_i, call) => (call.headers.get('authorization') === 'Bearer fresh' ? Response.json({ id: 'a1' }) : new Response(null, { status: 401 })));
    const client = createClient({ fetch, auth: { type: 'bearer', token: () => state.token }, interceptors: refreshOn401(refresh) });
    await expect(client.request(spec)).resolves.toEqual({ id: 'a1' });
    expect(state.refreshes).toBe(1);
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('a 401 that persists after the refresh is retried only once, then throws the ApiError (no loop)', async () => {
    const { state, refresh } = session();
    const { fetch, calls } = fakeFetch(() => Response.json({ title: 'expired' }, { status: 401 }));
    const client = createClient({ fetch, auth: { type: 'bearer', token: () => state.token }, interceptors: refreshOn401(refresh) });
    const error: unknown = await client.request(spec).catch((e: unknown) => e);
    expect(isApiError(error) && [error.status, error.bodyKind, error.body]).toEqual([401, 'json', { title: 'expired' }]);
    expect(state.refreshes).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('onRequest changes the URL and headers; the retry runs onRequest again with attempt 1', async () => {
    const seen: number[] = [];
    const { fetch, calls } = fakeFetch((i) => (i === 0 ? new Response(null, { status: 503 }) : Response.json(1)));
    const client = createClient({
      baseUrl: 'https://a.test',
      fetch,
      interceptors: [
        {
          onRequest(ctx) {
            seen.push(ctx.attempt);
            ctx.init.headers.set('X-Attempt', String(ctx.attempt));
            ctx.url = `${ctx.url}?traced=1`;
          },
        },
        { onResponse: ({ response, retry }) => (response.status === 503 ? retry() : undefined) },
      ],
    });
    await expect(client.request(spec)).resolves.toBe(1);
    expect(seen).toEqual([0, 1]);
    expect(calls.map((c) => [c.url, c.headers.get('x-attempt')])).toEqual([
      ['https://a.test/items/a1?traced=1', '0'],
      ['https://a.test/items/a1?traced=1', '1'],
    ]);
  });

  it('onResponse may replace the response; later interceptors see the replacement', async () => {
    const order: string[] = [];
    const { fetch } = fakeFetch(() => Response.json('original'));
    const client = createClient({
      fetch,
      interceptors: [
        { onResponse: () => { order.push('first'); return Response.json('replaced'); } },
        { onResponse: async ({ response }) => { order.push(`second saw ${String(await response.clone().json())}`); } },
      ],
    });
    await expect(client.request(spec)).resolves.toBe('replaced');
    expect(order).toEqual(['first', 'second saw replaced']);
  });

  it('onError sees the ApiError or the network error and may replace it; returning nothing keeps it', async () => {
    const seen: unknown[] = [];
    const failing = fakeFetch(() => new Response('down', { status: 502 }));
    const mapped = createClient({
      fetch: failing.fetch,
      interceptors: [{ onError: ({ error }) => void seen.push(error) }, { onError: ({ error }) => (isApiError(error) ? new Error(`mapped ${error.status}`) : undefined) }],
    });
    await expect(mapped.request(spec)).rejects.toThrow('mapped 502');
    expect(isApiError(seen[0]) && seen[0].bodyKind).toBe('text');

    const offline = new TypeError('fetch failed');
    const kept = createClient({ fetch: (async () => { throw offline; }) as typeof fetch, interceptors: { onError: ({ error }) => void seen.push(error) } });
    await expect(kept.request(spec)).rejects.toBe(offline);
    expect(seen[1]).toBe(offline);
  });

  it('an invalid request (missing path value) is rejected before any interceptor runs', async () => {
    const ran: string[] = [];
    const { fetch, calls } = fakeFetch();
    const interceptors: Interceptors = { onRequest: () => void ran.push('onRequest'), onError: () => void ran.push('onError') };
    await expect(createClient({ fetch, interceptors }).request({ ...spec, pathParams: {} })).rejects.toThrow(TypeError);
    expect([ran, calls.length]).toEqual([[], 0]);
  });

  it('an abort during onRequest stops the request before fetch', async () => {
    const controller = new AbortController();
    const { fetch, calls } = fakeFetch();
    const client = createClient({ fetch, interceptors: { onRequest: () => controller.abort(new Error('left the page')) } });
    await expect(client.request(spec, { signal: controller.signal })).rejects.toThrow('left the page');
    expect(calls).toHaveLength(0);
  });
});
