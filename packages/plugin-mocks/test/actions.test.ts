import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stateWords } from '../src/store/entityActions.js';
import { getResponse, type HttpHandler } from 'msw';
import { pathToFileURL } from 'node:url';
import { generate, transpileMocks } from './helpers.js';

// Actions on a stored item (`POST /orders/{orderId}/cancel`) that answer the entity update the store.

const ORDER = {
  type: 'object',
  required: ['id', 'status'],
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['open', 'Cancelled', 'shipped'] },
    paid: { type: 'boolean' },
    note: { type: 'string' },
  },
};
const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } } };
const CONTRACT = {
  openapi: '3.1.0',
  info: { title: 'Orders', version: '1' },
  paths: {
    '/orders': { get: { operationId: 'listOrders', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Order' } } } } } } } },
    '/orders/{orderId}': {
      parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'getOrder', responses: ok },
      patch: { operationId: 'updateOrder', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } }, responses: ok },
    },
    '/orders/{orderId}/cancel': {
      parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
      post: { operationId: 'cancelOrder', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { note: { type: 'string' }, reason: { type: 'string' } } } } } }, responses: ok },
    },
    '/orders/{orderId}/pay': {
      parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
      post: { operationId: 'payOrder', responses: ok },
    },
    '/orders/{orderId}/preview': {
      parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'previewOrder', responses: ok },
    },
  },
  components: { schemas: { Order: ORDER } },
};

/** Answers a request through the generated handlers (msw's `getResponse`), as the client's `fetch` would get it. */
async function call(handlers: HttpHandler[], method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const init: RequestInit = body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
  const response = await getResponse(handlers, new Request(`http://localhost${url}`, init));
  if (!response) throw new Error(`no handler for ${method} ${url}`);
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

describe('actions on a stored item', () => {
  let dir: string;
  let mocks: { ordersStore: Map<string, Record<string, unknown>>; resetOrdersStore(): void; previewOrderFixture: unknown; handlers: HttpHandler[] };
  let id: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-actions-'));
    await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(CONTRACT));
    await generate(path.join(dir, 'openapi.json'), dir);
    await transpileMocks(path.join(dir, 'src'), path.join(dir, 'js'));
    // Every resource's handlers (the actions are resources of their own) and every export, as an app would combine them.
    const all: Record<string, unknown> = { handlers: [] };
    for (const r of await readdir(path.join(dir, 'js/shared/mocks'))) {
      if (r.endsWith('.js') || r === 'node_modules' || r === 'package.json') continue;
      const mod = (await import(pathToFileURL(path.join(dir, 'js/shared/mocks', r, 'index.js')).href)) as Record<string, unknown>;
      (all['handlers'] as HttpHandler[]).push(...(mod[`${r}Handlers`] as HttpHandler[]));
      for (const [k, v] of Object.entries(mod)) if (!k.endsWith('Handlers')) all[k] = v;
    }
    mocks = all as typeof mocks;
  }, 60_000);

  beforeEach(() => {
    mocks.resetOrdersStore();
    id = [...mocks.ordersStore.keys()][0] ?? '';
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('names the states a verb leaves an item in', () => {
    expect(stateWords('archive')).toContain('archived');
    expect(stateWords('cancel')).toEqual(expect.arrayContaining(['cancelled', 'canceled']));
    expect(stateWords('verify')).toContain('verified');
    expect(stateWords('activate')).toContain('active');
    expect(stateWords('pay')).toEqual(['payed', 'payd', 'pay']);
  });

  it('cancel: sets the enum value the verb names (matched without regard to case), merges same-shape payload properties, stores the item', async () => {
    const answer = await call(mocks.handlers, 'POST', `/orders/${id}/cancel`, { note: 'late', reason: 'not stored' });
    expect(answer).toMatchObject({ status: 200, body: { id, status: 'Cancelled', note: 'late' } });
    expect(answer.body).not.toHaveProperty('reason');
    expect(mocks.ordersStore.get(id)).toEqual(answer.body);
    expect((await call(mocks.handlers, 'GET', `/orders/${id}`)).body).toEqual(answer.body);
  });

  it('pay: nothing to set (no `payed` state), the stored item is still answered and kept', async () => {
    const before = structuredClone(mocks.ordersStore.get(id));
    expect(await call(mocks.handlers, 'POST', `/orders/${id}/pay`)).toEqual({ status: 200, body: before });
    expect((await call(mocks.handlers, 'POST', '/orders/missing/pay')).status).toBe(404);
  });

  it('a GET on a sub-path is not an action: it answers its fixture', async () => {
    expect(await call(mocks.handlers, 'GET', `/orders/${id}/preview`)).toEqual({ status: 200, body: mocks.previewOrderFixture });
  });
});
