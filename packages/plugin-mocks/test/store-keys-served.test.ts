// Stores whose key is found on real shapes, served over msw and used as a screen does (list, open each item):
// - a read whose answer carries no key while the list's items do (DigitalOcean's invoice read answering the
//   invoice's line items; opto22's `{ value }` of a listed float): the store holds the list's items keyed by the read's
//   path parameter, so a listed item opens its detail (the read's own body), an unknown key answers 404, and a
//   created item opens too;
// - a union entity whose variants each declare their own `id` (openai's `ConversationItem`): keyed by `id`;
// - a create answering two entities (openai's role assignment `{ group, role }`): the created item is the one the
//   item path parameter (`{role_id}`) names.
import { json, send } from './http.js';
import { serveContractAround } from './helpers.js';

const str = { type: 'string' };
const page = (schema: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } }, '404': { description: 'missing' } });
const invoice = { type: 'object', required: ['invoice_uuid', 'amount'], properties: { invoice_uuid: { type: 'string', format: 'uuid' }, amount: str } };
const lines = { type: 'object', properties: { invoice_items: { type: 'array', items: { type: 'object', properties: { amount: str, description: str } } } } };
const CONTRACT = {
  openapi: '3.0.3',
  info: { title: 'projection', version: '1' },
  paths: {
    '/invoices': {
      get: { operationId: 'listInvoices', responses: page({ type: 'object', properties: { invoices: { type: 'array', items: invoice } } }) },
      post: { operationId: 'createInvoice', requestBody: { required: true, content: { 'application/json': { schema: invoice } } }, responses: { '201': { description: 'made', content: { 'application/json': { schema: invoice } } } } },
    },
    '/invoices/{invoice_uuid}': {
      get: { operationId: 'getInvoice', parameters: [{ name: 'invoice_uuid', in: 'path', required: true, schema: str }], responses: page(lines) },
    },
  },
};

describe('a read answering no key: the store holds the listed items, keyed by the read parameter', () => {
  serveContractAround(CONTRACT);
  const base = 'http://localhost/invoices';

  it('every listed invoice opens its detail, which is the read body (line items), and an unknown key answers 404', async () => {
    const listed = (await send(base)).body as { invoices: Array<{ invoice_uuid: string }> };
    expect(listed.invoices.length).toBeGreaterThan(1);
    for (const { invoice_uuid } of listed.invoices) {
      const detail = await send(`${base}/${invoice_uuid}`);
      expect(detail.status).toBe(200);
      expect(Array.isArray((detail.body as { invoice_items?: unknown }).invoice_items)).toBe(true);
    }
    expect((await send(`${base}/00000000-0000-4000-8000-00000000dead`)).status).toBe(404);
  });

  it('a created invoice is listed and opens its detail', async () => {
    const created = await send(base, json('POST', { invoice_uuid: '00000000-0000-4000-8000-000000000abc', amount: '1.00' }));
    expect(created.status).toBe(201);
    const { invoice_uuid } = created.body as { invoice_uuid: string };
    const listed = (await send(base)).body as { invoices: Array<{ invoice_uuid: string }> };
    expect(listed.invoices.map((i) => i.invoice_uuid)).toContain(invoice_uuid);
    expect((await send(`${base}/${invoice_uuid}`)).status).toBe(200);
  });
});

const variant = (type: string) => ({ type: 'object', required: ['type'], properties: { id: { type: 'string', description: `The ${type}'s id.` }, type: { type: 'string', enum: [type] }, [`${type}_text`]: str } });
const UNION_CONTRACT = {
  openapi: '3.0.3',
  info: { title: 'union keys', version: '1' },
  components: { schemas: { Message: variant('message'), ToolCall: variant('tool_call'), Item: { oneOf: [{ $ref: '#/components/schemas/Message' }, { $ref: '#/components/schemas/ToolCall' }], discriminator: { propertyName: 'type' } } } },
  paths: {
    '/items': { get: { operationId: 'listItems', responses: page({ type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } }) } },
    '/items/{item_id}': { get: { operationId: 'getItem', parameters: [{ name: 'item_id', in: 'path', required: true, schema: str }], responses: page({ $ref: '#/components/schemas/Item' }) } },
  },
};

describe('a union entity whose variants each declare their own `id`: the store is keyed by `id`', () => {
  serveContractAround(UNION_CONTRACT);

  it('every listed item opens its own detail', async () => {
    const listed = (await send('http://localhost/items')).body as { data: Array<{ id: string }> };
    expect(listed.data.length).toBeGreaterThan(1);
    for (const item of listed.data) {
      const detail = await send(`http://localhost/items/${item.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body).toEqual(item);
    }
  });
});

const role = { type: 'object', required: ['id', 'name'], properties: { id: str, name: str, description: str } };
const group = { type: 'object', required: ['id', 'name'], properties: { id: str, name: str } };
// The answer's role is another schema than the listed one (openai's `Role` beside `AssignedRoleDetails`): a view.
const assigned = { type: 'object', required: ['id', 'name', 'object'], properties: { id: str, name: str, object: str } };
const ASSIGNMENT_CONTRACT = {
  openapi: '3.0.3',
  info: { title: 'assignments', version: '1' },
  paths: {
    '/groups/{group_id}/roles': {
      parameters: [{ name: 'group_id', in: 'path', required: true, schema: str }],
      get: { operationId: 'listGroupRoles', responses: page({ type: 'object', properties: { data: { type: 'array', items: role } } }) },
      post: {
        operationId: 'assignGroupRole',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['role_id'], properties: { role_id: str } } } } },
        responses: { '200': { description: 'assigned', content: { 'application/json': { schema: { type: 'object', required: ['group', 'role'], properties: { group, role: assigned } } } } } },
      },
    },
    '/groups/{group_id}/roles/{role_id}': {
      parameters: [{ name: 'group_id', in: 'path', required: true, schema: str }, { name: 'role_id', in: 'path', required: true, schema: str }],
      get: { operationId: 'getGroupRole', responses: page(role) },
      delete: { operationId: 'unassignGroupRole', responses: { '204': { description: 'gone' } } },
    },
  },
};

describe('a create answering two entities (openai’s role assignment `{ group, role }`): the one the key parameter names holds the created item', () => {
  serveContractAround(ASSIGNMENT_CONTRACT);
  const base = 'http://localhost/groups/g1/roles';

  it('the created role is in the answer’s `role`, listed, opens its detail and is gone after a delete', async () => {
    const created = await send(base, json('POST', { role_id: 'r-new' }));
    expect(created.status).toBe(200);
    const { role: made, group: other } = created.body as { role: { id: string }; group: { id: string } };
    expect(made.id).not.toBe(other.id);
    expect(((await send(base)).body as { data: Array<{ id: string }> }).data.map((r) => r.id)).toContain(made.id);
    expect((await send(`${base}/${made.id}`)).status).toBe(200);
    expect((await send(`${base}/${made.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await send(`${base}/${made.id}`)).status).toBe(404);
  });
});
