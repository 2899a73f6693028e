import { getResponse, type HttpHandler } from 'msw';
import { mockResource, type OperationSpec } from './mockHandlers.js';
import { sequenceUuid } from './mockStore.js';

interface Note { id: string; title: string; email?: string; state: 'open' | 'archived' }
const seed: Note[] = [1, 2].map((n) => ({ id: sequenceUuid(n), title: `t${n}`, state: 'open' }));
const defaults: Note = { id: sequenceUuid(1), title: '', state: 'open' };
const error = [500] as const;
const invalid = [422, { message: 'invalid' }] as const;
const definitions = {
  NoteInput: {
    type: 'object',
    required: ['title', 'email'],
    additionalProperties: false,
    properties: { title: { type: 'string', minLength: 1, maxLength: 10 }, email: { type: 'string', format: 'email' }, state: { type: 'string', enum: ['open', 'archived'] } },
  },
};
const request = { schema: { $ref: '#/definitions/NoteInput' }, required: true, invalid };
const ops = {
  create: { method: 'post', path: '/notes', status: 201, error, store: 'create', fields: ['title', 'email', 'state'], body: 'entity', request },
  update: { method: 'patch', path: '/notes/:noteId', status: 200, error, notFound: [404], store: 'update', key: 'noteId', fields: ['title'], body: 'entity', request: { schema: { type: 'object', properties: { title: { type: 'string', minLength: 1 } } }, invalid: [400], problem: true } },
} satisfies Record<string, OperationSpec>;

const setup = (): ReturnType<typeof mockResource<Note, { create: never; update: 'noteId' }>> => mockResource({ baseUrl: '*', delayMs: 0, definitions, store: { seed, defaults, key: { path: 'id', kind: 'uuid' } }, operations: ops });

async function call(handlers: HttpHandler[], method: string, path: string, body?: string, type = 'application/json'): Promise<{ status: number; type: string | null; body: unknown }> {
  const init: RequestInit = body === undefined ? { method } : { method, body, headers: { 'Content-Type': type } };
  const response = await getResponse(handlers, new Request(`http://api.test${path}`, init));
  if (!response) throw new Error(`no handler for ${method} ${path}`);
  const text = await response.text();
  return { status: response.status, type: response.headers.get('Content-Type'), body: text === '' ? undefined : JSON.parse(text) };
}

describe('mock writes are validated like a server validates them', () => {
  const valid = { title: 'Ada', email: 'ada@example.test' };

  it.each([
    ['a missing required property', { title: 'Ada' }],
    ['a wrong type', { ...valid, title: 3 }],
    ['a string under minLength', { ...valid, title: '' }],
    ['a string over maxLength', { ...valid, title: 'a'.repeat(11) }],
    ['a value outside the enum', { ...valid, state: 'gone' }],
    ['a broken format', { ...valid, email: 'not-an-email' }],
    ['a property additionalProperties: false forbids', { ...valid, extra: 1 }],
    ['an array instead of an object', [valid]],
  ])('%s: the contract\'s 422 answer, nothing stored', async (_, body) => {
    const mocks = setup();
    expect(await call(mocks.handlers, 'POST', '/notes', JSON.stringify(body))).toMatchObject({ status: 422, body: { message: 'invalid' } });
    expect(mocks.store.size).toBe(2);
  });

  it('a missing required body and a body that is not JSON are refused; a valid one is created (201)', async () => {
    const mocks = setup();
    expect((await call(mocks.handlers, 'POST', '/notes')).status).toBe(422);
    expect((await call(mocks.handlers, 'POST', '/notes', '{"title": ')).status).toBe(422);
    const created = await call(mocks.handlers, 'POST', '/notes', JSON.stringify(valid));
    expect(created).toMatchObject({ status: 201, body: { ...valid, id: sequenceUuid(3) } });
    expect(mocks.store.size).toBe(3);
  });

  it('without a contract error body: 400 with a problem body naming the issues', async () => {
    const mocks = setup();
    const id = sequenceUuid(1);
    const refused = await call(mocks.handlers, 'PATCH', `/notes/${id}`, JSON.stringify({ title: '' }));
    expect(refused).toMatchObject({ status: 400, type: 'application/problem+json', body: { type: 'about:blank', title: 'Bad Request', status: 400, errors: [{ pointer: '/title', message: 'must NOT have fewer than 1 characters' }] } });
    expect(mocks.store.get(id)?.title).toBe('t1');
    expect(await call(mocks.handlers, 'PATCH', `/notes/${id}`, JSON.stringify({ title: 'new' }))).toMatchObject({ status: 200, body: { id, title: 'new' } });
    // An optional body may be left out.
    expect((await call(mocks.handlers, 'PATCH', `/notes/${id}`)).status).toBe(200);
  });

  it('another media type is not judged; own resolvers and the error scenario answer as before', async () => {
    const mocks = setup();
    expect((await call(mocks.handlers, 'POST', '/notes', 'title=x', 'application/x-www-form-urlencoded')).status).toBe(201);
    expect((await call(mocks.createHandlers({ scenario: 'error' }), 'POST', '/notes', '{}')).status).toBe(500);
    const own = mocks.operations.create(() => new Response(null, { status: 202 }));
    expect((await call([own], 'POST', '/notes', '{}')).status).toBe(202);
  });

  it('a declared error response without content: its status and no body', async () => {
    const bare = { ...ops.create, request: { ...request, invalid: [400] } } satisfies OperationSpec;
    const mocks = mockResource<Note, { create: never }>({ baseUrl: '*', delayMs: 0, definitions, store: { seed, defaults, key: { path: 'id', kind: 'uuid' } }, operations: { create: bare } });
    expect(await call(mocks.handlers, 'POST', '/notes', '{}')).toEqual({ status: 400, type: null, body: undefined });
  });

  it('a schema ajv cannot compile accepts every body', async () => {
    const broken = { ...ops.create, request: { schema: { type: 'object', properties: { title: { type: 'string', pattern: '(' } } }, invalid } } satisfies OperationSpec;
    const mocks = mockResource<Note, { create: never }>({ baseUrl: '*', delayMs: 0, store: { seed, defaults, key: { path: 'id', kind: 'uuid' } }, operations: { create: broken } });
    expect((await call(mocks.handlers, 'POST', '/notes', JSON.stringify({ title: 'x' }))).status).toBe(201);
  });
});
