// Infinite queries page at run time, against the generated MSW mocks (msw/node), for each style whose next page
// comes from a response header (a header holding the next cursor, declared or named in the cursor's description; a
// `Link` header's next URL) or from the body two containers down (`paging.cursors.after`) or as a number (`until`
// = `pagination.next`), or with no paging parameter at all (the `Link` header's next URL sent as the query): the generated `<name>InfiniteQueryOptions` fetch page after page with a QueryClient until
// the mocks' store is read whole, and the last page ends the query (no next page).
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { QueryClient, type InfiniteData } from '@tanstack/query-core';
import { configureClient, resetClientConfig } from '@reslayer/runtime';
import { runGenerator } from '@reslayer/core/host';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginHooks } from '@reslayer/plugin-hooks';
import { pluginMocks } from '@reslayer/plugin-mocks';
import { ROOT } from '../helpers/paths.js';
import { writeGenerated } from '../utils/writeGenerated.js';

const BASE = 'http://pages.test';
const item = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } };
const query = (name: string, schema: object, description?: string) => ({ name, in: 'query', schema, ...(description ? { description } : {}) });
const ok = (headers: Record<string, object>) => ({ '200': { description: 'ok', headers, content: { 'application/json': { schema: { type: 'array', items: item } } } } });
/** A CRUD resource (list, create, read) whose list pages as `list` says. */
const crud = (name: string, list: object) => ({
  [`/${name}`]: { get: list, post: { operationId: `create_${name}`, requestBody: { content: { 'application/json': { schema: item } } }, responses: { '201': { description: 'ok', content: { 'application/json': { schema: item } } } } } },
  [`/${name}/{id}`]: { get: { operationId: `get_${name}`, parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok', content: { 'application/json': { schema: item } } } } } },
});
const CONTRACT = {
  openapi: '3.0.3',
  info: { title: 'pages', version: '1' },
  servers: [{ url: BASE }],
  paths: {
    ...crud('customers', { operationId: 'list_customers', parameters: [query('pageToken', { type: 'string' }), query('limit', { type: 'integer' })], responses: ok({ NextPageToken: { schema: { type: 'string' } } }) }),
    ...crud('keys', { operationId: 'list_keys', parameters: [query('cursor', { type: 'string' }, 'Cursors are provided in the response headers `X-Files-Cursor-Next` and `X-Files-Cursor-Prev`.'), query('per_page', { type: 'integer' })], responses: ok({}) }),
    ...crud('teams', { operationId: 'list_teams', parameters: [query('after', { type: 'string' }), query('per_page', { type: 'integer' })], responses: ok({ Link: { schema: { type: 'string' } } }) }),
    ...crud('groups', {
      operationId: 'list_groups',
      parameters: [query('after', { type: 'string' }), query('limit', { type: 'integer' })],
      responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', required: ['items', 'paging'], properties: { items: { type: 'array', items: item }, paging: { type: 'object', properties: { cursors: { type: 'object', properties: { after: { type: 'string' } } } } } } } } } } },
    }),
    ...crud('regions', { operationId: 'list_regions', responses: ok({ Link: { schema: { type: 'string' } } }) }),
    ...crud('accounts', {
      operationId: 'list_accounts',
      parameters: [query('limit', { type: 'number' }), query('since', { type: 'number' }), query('until', { type: 'number' })],
      responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', required: ['items', 'pagination'], properties: { items: { type: 'array', items: item }, pagination: { type: 'object', required: ['next'], properties: { count: { type: 'number' }, next: { type: 'number', nullable: true } } } } } } } } },
    }),
  },
};

interface Case {
  resource: string;
  hook: string;
  /** What gives the next page. */
  via: string;
  size: { [name: string]: number };
  /** Items the store is filled up to (a list with no size parameter answers the mocks' pages of 20). */
  fill?: number;
}
const CASES: Case[] = [
  { resource: 'customers', hook: 'Customers', via: 'the NextPageToken header', size: { limit: 2 } },
  { resource: 'keys', hook: 'Keys', via: 'the X-Files-Cursor-Next header', size: { per_page: 2 } },
  { resource: 'teams', hook: 'Teams', via: 'the Link header', size: { per_page: 2 } },
  { resource: 'groups', hook: 'Groups', via: 'the body\'s paging.cursors.after', size: { limit: 2 } },
  { resource: 'regions', hook: 'Regions', via: 'the Link header alone (no paging parameter; the mocks\' pages of 20)', size: {}, fill: 45 },
  { resource: 'accounts', hook: 'Accounts', via: 'until = the body\'s numeric pagination.next', size: { limit: 2 } },
];

/** A generated `<name>InfiniteQueryOptions` (its exact types vary by list; the test reads the pages as data). */
type Options = (params?: object) => object;
type FetchOptions = Parameters<QueryClient['fetchInfiniteQuery']>[0];
const server = setupServer();
const loaded = new Map<string, { options: Options; store: Map<string, unknown>; handlers: HttpHandler[] }>();

beforeAll(async () => {
  const outDir = path.join(ROOT, '.runtime-out/infinite-pages');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const input = path.join(outDir, 'openapi.json');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(input, JSON.stringify(CONTRACT));
  const result = await runGenerator({ input, outputRoot: outDir, srcDir: 'src', plugins: [pluginClient(), pluginHooks({ adapter: 'none' }), pluginMocks()], allowRemoteRefs: false });
  await writeGenerated(outDir, result.files);
  const src = path.join(outDir, 'src');
  for (const c of CASES) {
    const hooks = (await import(path.join(src, `features/${c.resource}/api/use${c.hook}Query.ts`))) as Record<string, Options>;
    const mocks = (await import(path.join(src, `shared/mocks/${c.resource}/index.ts`))) as Record<string, unknown>;
    const options = hooks[`use${c.hook}InfiniteQueryOptions`] ?? hooks[`${c.resource}InfiniteQueryOptions`];
    if (!options) throw new Error(`no infinite query options among ${Object.keys(hooks).join(', ')}`);
    loaded.set(c.resource, { options, store: mocks[`${c.resource}Store`] as Map<string, unknown>, handlers: mocks[`${c.resource}Handlers`] as HttpHandler[] });
  }
  server.listen({ onUnhandledFrame: 'error' });
}, 120_000);

afterAll(() => server.close());
beforeEach(() => {
  configureClient({ baseUrl: BASE });
  server.resetHandlers(...[...loaded.values()].flatMap((m) => m.handlers));
});
afterEach(() => resetClientConfig());

describe.each(CASES)('infinite query options of $resource page through $via', (c) => {
  it('reads every stored item over pages, then ends', async () => {
    const mod = loaded.get(c.resource);
    if (!mod) throw new Error('not loaded');
    const [first] = mod.store.values();
    for (let i = mod.store.size; i < (c.fill ?? 0); i++) mod.store.set(`added-${i}`, { ...(first as object), id: `added-${i}` });
    const stored = mod.store.size;
    const size = Object.values(c.size)[0] ?? 20;
    expect(stored).toBeGreaterThan(size);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const pages = Math.ceil(stored / size);
    const data = (await client.fetchInfiniteQuery({ ...mod.options(c.size), pages: pages + 1 } as FetchOptions)) as InfiniteData<Array<{ id: string }> | { items: Array<{ id: string }> }>;
    expect(data.pages.length).toBe(pages);
    expect(data.pages.flatMap((p) => (Array.isArray(p) ? p : p.items)).map((i) => i.id).sort()).toEqual([...mod.store.keys()].map(String).sort());
    expect(data.pageParams[0]).toBeUndefined();
    expect(data.pageParams[1]).toBeDefined();
  });
});
