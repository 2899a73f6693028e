// TanStack DB collections of the demo at run time, against its generated MSW handlers served by msw/node: for both
// CRUD resources (contacts, companies), a live query over the collection lists the store's items; an insert, an
// update and a delete reach the mock store through the generated client; an optimistic insert whose body breaks the
// contract is refused by the mocks (ajv, the contract's 400) and rolled back. With the zod or valibot schemas on, a
// row that breaks the item schema is refused before any request.
import path from 'node:path';
import { setupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { QueryClient } from '@tanstack/query-core';
import { createCollection, createLiveQueryCollection, type CollectionConfig } from '@tanstack/db';
import type { QueryCollectionUtils } from '@tanstack/query-db-collection';
import { ApiError, configureClient, resetClientConfig } from '@reslayer/runtime';
import { DEMO_CONTRACT, generateCollections } from '../../packages/plugin-collections/test/helpers.js';

type Row = Record<string, unknown> & { id: string };
/** What a collection module exports: its options factory. */
type Utils = QueryCollectionUtils<Row, string | number, Row>;
type Factory = (queryClient: QueryClient, params?: object) => CollectionConfig<Row, string | number, never, Utils> & { utils: Utils };
/** What a resource's mocks module exports (by name: `<resource>Handlers`, `<resource>Store`, `reset<Resource>Store`). */
type Mocks = Record<string, unknown>;

interface Case {
  resource: string;
  Resource: string;
  /** A new row as an app inserts it (a client-made key and creation time). */
  row: Row;
  /** A row the contract refuses (the mocks answer 400). */
  invalid: Row;
  /** A field to change and its new value. */
  change: [string, string];
}

const CREATED = '2026-01-01T00:00:00.000Z';
const CASES: Case[] = [
  {
    resource: 'contacts', Resource: 'Contacts',
    row: { id: '10000000-0000-4000-8000-000000000001', firstName: 'Zed', lastName: 'Inserted', email: 'zed@example.test', status: 'lead', createdAt: CREATED },
    invalid: { id: '10000000-0000-4000-8000-000000000002', firstName: 'Bad', lastName: 'Mail', email: 'not-an-email', status: 'lead', createdAt: CREATED },
    change: ['lastName', 'Updated'],
  },
  {
    resource: 'companies', Resource: 'Companies',
    row: { id: '20000000-0000-4000-8000-000000000001', name: 'Zed Works', industry: 'retail', createdAt: CREATED },
    invalid: { id: '20000000-0000-4000-8000-000000000002', name: 'Negative Staff', industry: 'retail', employeeCount: -1, createdAt: CREATED },
    change: ['name', 'Renamed Works'],
  },
];

const server = setupServer();
const newClient = (): QueryClient => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const modules = new Map<string, { factory: Factory; store: Map<string, Row>; reset: () => void; handlers: HttpHandler[] }>();
const schemaFactories = new Map<string, Factory>();

/** Imports the collection and mocks modules of a resource from a generated root. */
async function load(srcDir: string, c: Case): Promise<{ factory: Factory; store: Map<string, Row>; reset: () => void; handlers: HttpHandler[] }> {
  const col = (await import(path.join(srcDir, `features/${c.resource}/collection/${c.resource}.collection.ts`))) as Record<string, Factory>;
  const mocks = (await import(path.join(srcDir, `shared/mocks/${c.resource}/index.ts`))) as Mocks;
  return {
    factory: col[`${c.resource}CollectionOptions`] as Factory,
    store: mocks[`${c.resource}Store`] as Map<string, Row>,
    reset: mocks[`reset${c.Resource}Store`] as () => void,
    handlers: mocks[`${c.resource}Handlers`] as HttpHandler[],
  };
}

beforeAll(async () => {
  const plain = await generateCollections('runtime-plain', DEMO_CONTRACT);
  for (const c of CASES) modules.set(c.resource, await load(plain.srcDir, c));
  for (const library of ['zod', 'valibot'] as const) {
    const layer = await generateCollections(`runtime-${library}`, DEMO_CONTRACT, { library });
    schemaFactories.set(library, (await load(layer.srcDir, CASES[0] as Case)).factory);
  }
  server.listen({ onUnhandledFrame: 'error' });
}, 120_000);

afterAll(() => server.close());

beforeEach(() => {
  configureClient({ baseUrl: 'http://crm.test' });
  server.resetHandlers(...[...modules.values()].flatMap((m) => m.handlers));
  for (const m of modules.values()) m.reset();
});

afterEach(() => resetClientConfig());

/** Waits (up to a second, in steps of 10 ms) until `ready()` holds. */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !ready(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(ready()).toBe(true);
}

/** The rows of a collection, by key. */
const keysOf = (rows: ReadonlyArray<{ id: unknown }>): string[] => rows.map((r) => String(r.id)).sort();

describe.each(CASES)('the $resource collection against the demo mocks', (c) => {
  const mod = () => modules.get(c.resource) as NonNullable<ReturnType<typeof modules.get>>;
  const open = () => {
    const collection = createCollection(mod().factory(newClient()));
    return { collection, live: createLiveQueryCollection((q) => q.from({ r: collection })) };
  };

  it('a live query lists the items of the mock store (the envelope unwrapped)', async () => {
    const { live } = open();
    const rows = await live.toArrayWhenReady();
    expect(rows.length).toBeGreaterThan(0);
    expect(keysOf(rows)).toEqual([...mod().store.keys()].sort());
    expect(rows.every((r) => typeof r.createdAt === 'string')).toBe(true);
  });

  it('an insert, an update and a delete reach the mock store', async () => {
    const { collection, live } = open();
    await live.toArrayWhenReady();
    const before = mod().store.size;
    await collection.insert(c.row).isPersisted.promise;
    const created = [...mod().store.values()].find((e) => Object.entries(c.row).every(([k, v]) => k === 'id' || k === 'createdAt' || e[k] === v));
    expect(created).toBeDefined();
    expect(mod().store.size).toBe(before + 1);
    const id = String(created?.id);
    // The handler reloaded the list: the server's row (its own key) replaced the optimistic one.
    await until(() => collection.has(id));
    expect(collection.has(c.row.id)).toBe(false);
    expect(keysOf(live.toArray)).toEqual([...mod().store.keys()].sort());
    const [field, value] = c.change;
    await collection.update(id, (draft) => void (draft[field] = value)).isPersisted.promise;
    expect(mod().store.get(id)?.[field]).toBe(value);
    expect(collection.get(id)?.[field]).toBe(value);
    await collection.delete(id).isPersisted.promise;
    expect(mod().store.has(id)).toBe(false);
    expect(collection.has(id)).toBe(false);
    expect(mod().store.size).toBe(before);
  });

  it('an optimistic insert the mocks refuse (400) is rolled back', async () => {
    const { collection, live } = open();
    const rows = await live.toArrayWhenReady();
    const before = keysOf(rows);
    const tx = collection.insert(c.invalid);
    expect(collection.has(c.invalid.id)).toBe(true);
    const error = await tx.isPersisted.promise.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect(tx.state).toBe('failed');
    expect(collection.has(c.invalid.id)).toBe(false);
    expect(keysOf(live.toArray)).toEqual(before);
    expect(mod().store.size).toBe(before.length);
  });
});

describe.each(['zod', 'valibot'])('with the %s schemas', (library) => {
  it('a row that breaks the item schema is refused before any request', async () => {
    const collection = createCollection((schemaFactories.get(library) as Factory)(newClient()));
    await collection.toArrayWhenReady();
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => void requests.push(request.method));
    expect(() => collection.insert({ ...(CASES[0] as Case).invalid })).toThrow(/email/i);
    expect(collection.has((CASES[0] as Case).invalid.id)).toBe(false);
    await collection.insert((CASES[0] as Case).row).isPersisted.promise;
    expect(requests).toContain('POST');
    server.events.removeAllListeners();
  });
});
