import vm from 'node:vm';

/** Node globals jsdom lacks that the runtime (`Headers`, `Response`), msw (streams) and the generator (`structuredClone`) use. */
const NAMES = ['Headers', 'Request', 'Response', 'TextEncoder', 'TextDecoder', 'structuredClone', 'ReadableStream', 'WritableStream', 'TransformStream', 'BroadcastChannel'] as const;

/**
 * Copies the few Node globals jsdom does not implement onto the jsdom global (a minimal polyfill:
 * Node's own implementations, read from the main context), and tells React it runs inside `act`.
 */
export function installNodeGlobals(): void {
  const node = vm.runInThisContext('globalThis') as typeof globalThis;
  const target = globalThis as Record<string, unknown>;
  for (const name of NAMES) {
    if (typeof target[name] === 'undefined') Object.defineProperty(globalThis, name, { value: node[name], configurable: true, writable: true });
  }
  target['IS_REACT_ACT_ENVIRONMENT'] = true;
}

/** A contact of the fake server. */
export interface Contact {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  status: 'active' | 'lead' | 'archived';
  createdAt: string;
}

/** A request the fake server saw. */
export interface SeenRequest {
  method: string;
  /** Path and query. */
  url: string;
}

/**
 * A tiny in-memory contacts API behind a `fetch` function, for `configureClient({ fetch })`:
 * `GET /api/v1/contacts` (filter `q` on the last name), `GET` and `PATCH /api/v1/contacts/{id}`.
 * @returns the fetch function, the requests it saw and the store
 */
export function fakeContactsApi(): { fetch: typeof fetch; requests: SeenRequest[]; store: Map<string, Contact> } {
  const store = new Map<string, Contact>(
    [
      { id: 'c1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', status: 'active', createdAt: '2024-01-01T00:00:00.000Z' },
      { id: 'c2', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', status: 'lead', createdAt: '2024-01-02T00:00:00.000Z' },
    ].map((c) => [c.id, c as Contact] as const),
  );
  const requests: SeenRequest[] = [];
  const json = (body: unknown, status = 200): Response => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    requests.push({ method, url: `${url.pathname}${url.search}` });
    if (url.pathname === '/api/v1/contacts' && method === 'GET') {
      const q = url.searchParams.get('q');
      const items = [...store.values()].filter((c) => q === null || c.lastName.toLowerCase().includes(q.toLowerCase()));
      return json({ items, total: items.length, page: 1, pageSize: 20 });
    }
    const item = /^\/api\/v1\/contacts\/([^/]+)$/.exec(url.pathname);
    const found = item?.[1] === undefined ? undefined : store.get(decodeURIComponent(item[1]));
    if (!found) return json({ code: 'not_found', message: 'No such contact' }, 404);
    if (method === 'PATCH') Object.assign(found, JSON.parse(String(init.body)) as Partial<Contact>);
    return json(found);
  };
  return { fetch: fetchImpl as typeof fetch, requests, store };
}
