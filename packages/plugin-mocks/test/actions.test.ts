import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stateWords } from '../src/plan/entityActions.js';
import { generate } from './helpers.js';

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

describe('actions on a stored item', () => {
  let dir: string;
  let handlers: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-actions-'));
    await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(CONTRACT));
    const result = await generate(path.join(dir, 'openapi.json'), dir, {}, false);
    handlers = result.files
      .filter((f) => f.path.endsWith('.handlers.ts'))
      .map((f) => f.contents)
      .join('\n');
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

  it('cancel: sets the enum value the verb names (matched without regard to case), merges same-shape payload properties, stores the item', () => {
    expect(handlers).toContain("const current = scenario === 'empty' ? undefined : ordersStore.get(params.orderId);");
    expect(handlers).toContain('const updated: CancelOrderResponse = merge(structuredClone(current), await readJson(request), cancelOrderFields);');
    expect(handlers).toContain("updated.status = 'Cancelled';\n      ordersStore.set(params.orderId, updated);");
    expect(handlers).toContain("const cancelOrderFields: Fields = ['note'];");
  });

  it('pay: nothing to set (no `payed` state), the stored item is still answered and kept', () => {
    expect(handlers).toContain('const updated: PayOrderResponse = structuredClone(current);\n      ordersStore.set(params.orderId, updated);');
  });

  it('a GET on a sub-path is not an action: it answers its fixture', () => {
    expect(handlers).toContain("return HttpResponse.json<JsonBodyType>(scenario === 'empty' ? previewOrderEmptyFixture : previewOrderFixture, { status: 200 });");
    expect(handlers).not.toContain('const updated: PreviewOrderResponse');
  });
});
