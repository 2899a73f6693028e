import { getResponse, type HttpHandler } from 'msw';
import { mockResource, mockScenarios, type OperationSpec } from './mockHandlers.js';
import { createStore, merge, sequenceUuid } from './mockStore.js';
import { belongs, parentOf } from './mockOwners.js';

interface Note { id: string; title: string; state: 'open' | 'archived'; createdAt: string }
const seed: Note[] = [1, 2, 3].map((n) => ({ id: sequenceUuid(n), title: `t${n}`, state: 'open', createdAt: '2024-01-01T00:00:00.000Z' }));
const defaults: Note = { id: sequenceUuid(1), title: '', state: 'open', createdAt: '2024-01-01T00:00:00.000Z' };
const error = [500, { message: 'boom' }] as const;
const missing = [404, { message: 'missing' }] as const;

/** Notes wrapped in `{ data }` envelopes, paged by `page`/`size`, with the entity wrapped in reads and writes. */
const ops = {
  list: { method: 'get', path: '/notes', status: 200, error, store: 'list', list: { items: 'data', page: { mode: 'page', param: 'page', size: 'size', defaultSize: 2 }, fields: [[['meta', 'total'], 'total'], [['meta', 'hasMore'], 'hasMore']] } },
  create: { method: 'post', path: '/notes', status: 201, error, store: 'create', fields: ['title'], payload: 'note', body: { entity: 'data' } },
  read: { method: 'get', path: '/notes/:noteId', status: 200, error, notFound: missing, store: 'read', key: 'noteId', body: { entity: 'data' } },
  update: { method: 'patch', path: '/notes/:noteId', status: 200, error, notFound: missing, store: 'update', key: 'noteId', fields: ['title'], body: { entity: 'data' } },
  replace: { method: 'put', path: '/notes/:noteId', status: 200, error, notFound: missing, store: 'replace', key: 'noteId', fields: ['title'], body: 'entity' },
  remove: { method: 'delete', path: '/notes/:noteId', status: 204, error, notFound: missing, store: 'delete', key: 'noteId' },
  archive: { method: 'post', path: '/notes/:noteId/archive', status: 200, error, notFound: missing, key: 'noteId', action: { set: { state: 'archived' } } },
  stats: { method: 'get', path: '/notes/stats', status: 200, error, body: { json: { count: 3 }, empty: { count: 0 } } },
} satisfies Record<string, OperationSpec>;

function setup(): ReturnType<typeof mockResource<Note, { list: never; create: never; read: 'noteId'; update: 'noteId'; replace: 'noteId'; remove: 'noteId'; archive: 'noteId'; stats: never }>> {
  return mockResource({ baseUrl: '*', delayMs: 5, store: { seed, defaults, key: { path: 'id', kind: 'uuid' }, serverFields: ['id', 'createdAt'] }, operations: { stats: ops.stats, archive: ops.archive, list: ops.list, create: ops.create, read: ops.read, update: ops.update, replace: ops.replace, remove: ops.remove } });
}

async function call(handlers: HttpHandler[], method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const init: RequestInit = body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
  const response = await getResponse(handlers, new Request(`http://api.test${path}`, init));
  if (!response) throw new Error(`no handler for ${method} ${path}`);
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

describe('mockResource: a CRUD round trip through envelopes', () => {
  it('create → list → read → update → list → delete → read 404', async () => {
    const mocks = setup();
    const h = mocks.handlers;
    const created = await call(h, 'POST', '/notes', { note: { title: 'new', id: 'ignored' } });
    expect(created).toEqual({ status: 201, body: { data: { ...defaults, id: sequenceUuid(4), title: 'new' } } });
    const id = sequenceUuid(4);
    const page2 = await call(h, 'GET', '/notes?page=2&size=2');
    expect(page2.body).toEqual({ data: [seed[2], { ...defaults, id, title: 'new' }], meta: { total: 4, hasMore: false } });
    expect((await call(h, 'GET', '/notes?page=1&size=2')).body).toEqual({ data: seed.slice(0, 2), meta: { total: 4, hasMore: true } });
    expect((await call(h, 'GET', `/notes/${id}`)).body).toEqual({ data: { ...defaults, id, title: 'new' } });
    expect((await call(h, 'PATCH', `/notes/${id}`, { title: 'changed' })).body).toEqual({ data: { ...defaults, id, title: 'changed' } });
    expect((await call(h, 'GET', '/notes?page=2&size=2')).body).toMatchObject({ data: [seed[2], { id, title: 'changed' }] });
    expect(await call(h, 'DELETE', `/notes/${id}`)).toEqual({ status: 204, body: undefined });
    expect(await call(h, 'GET', `/notes/${id}`)).toEqual({ status: 404, body: { message: 'missing' } });
    mocks.reset();
    expect(mocks.store.size).toBe(3);
  });

  it('PUT replaces the item but keeps the key and readOnly fields; an action sets the state', async () => {
    const mocks = setup();
    const id = seed[0]?.id ?? '';
    mocks.store.set(id, { ...defaults, id, title: 'x', createdAt: '2020-01-01T00:00:00.000Z' });
    expect((await call(mocks.handlers, 'PUT', `/notes/${id}`, { title: 'y', createdAt: 'no' })).body).toEqual({ ...defaults, id, title: 'y', createdAt: '2020-01-01T00:00:00.000Z' });
    expect((await call(mocks.handlers, 'POST', `/notes/${id}/archive`)).body).toMatchObject({ id, state: 'archived' });
    expect(mocks.store.get(id)?.state).toBe('archived');
  });

  it('answers by scenario: empty lists and 404s, the error body, a slow answer', async () => {
    const mocks = setup();
    const scenarios = mockScenarios(mocks.createHandlers);
    expect(await call(scenarios.handlers.empty, 'GET', '/notes')).toEqual({ status: 200, body: { data: [], meta: { total: 0, hasMore: false } } });
    expect((await call(scenarios.handlers.empty, 'GET', `/notes/${seed[0]?.id}`)).status).toBe(404);
    expect((await call(scenarios.handlers.empty, 'GET', '/notes/stats')).body).toEqual({ count: 0 });
    expect(await call(scenarios.handlers.error, 'GET', '/notes')).toEqual({ status: 500, body: { message: 'boom' } });
    const started = Date.now();
    expect((await call(scenarios.get('slow', { delayMs: 30 }), 'GET', '/notes/stats')).body).toEqual({ count: 3 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(scenarios.names).toEqual(['success', 'empty', 'error', 'slow']);
  });

  it('one operation alone: its own scenario, or an own resolver with typed parameters', async () => {
    const mocks = setup();
    const failing = [mocks.operations.read({ scenario: 'error' }), ...mocks.handlers];
    expect((await call(failing, 'GET', `/notes/${seed[0]?.id}`)).status).toBe(500);
    const own = [mocks.operations.read(({ params }) => Response.json({ asked: params.noteId })), ...mocks.handlers];
    expect((await call(own, 'GET', '/notes/abc')).body).toEqual({ asked: 'abc' });
  });
});

describe('a paginated list that answers its fixture', () => {
  it('pages the fixture\'s items: page 2 is empty, the total and the next cursor agree', async () => {
    const fixture = { object: 'list', data: [{ id: 'a' }, { id: 'b' }], total: 99, next: 'stale' };
    const list = { items: 'data', page: { mode: 'cursor', param: 'cursor', limit: 'limit', defaultSize: 10 }, fields: [['total', 'total'], ['next', 'nextCursor', null]] } as const;
    const mocks = mockResource<never, { list: never }>({ baseUrl: '*', delayMs: 0, operations: { list: { method: 'get', path: '/things', status: 200, error, list, body: { json: fixture, empty: { ...fixture, data: [] } } } } });
    expect((await call(mocks.handlers, 'GET', '/things?limit=1')).body).toEqual({ object: 'list', data: [{ id: 'a' }], total: 2, next: '1' });
    expect((await call(mocks.handlers, 'GET', '/things?limit=1&cursor=1')).body).toEqual({ object: 'list', data: [{ id: 'b' }], total: 2, next: null });
    expect((await call(mocks.handlers, 'GET', '/things?cursor=2')).body).toEqual({ object: 'list', data: [], total: 2, next: null });
    expect((await call(mockScenarios(mocks.createHandlers).handlers.empty, 'GET', '/things')).body).toEqual({ object: 'list', data: [], total: 0, next: null });
  });
});

describe('routing: a handler lets a more precise one answer', () => {
  const op = (extra: Partial<OperationSpec>): OperationSpec => ({ method: 'get', path: '/items/:id', status: 200, error, body: { json: 'generic' }, ...extra });
  it.each<[string, OperationSpec, string, unknown]>([
    ['stepAside on a literal value', op({ stepAside: [{ id: 'special' }] }), '/items/special', 'specific'],
    ['a literal query it must carry', op({ query: [['beta', 'true']] }), '/items/1', 'specific'],
    ['a query that wins over it', op({ before: [[['mode']]] }), '/items/1?mode=x', 'specific'],
    ['a more precise pattern under the * base', op({ path: '/special', yieldTo: ['/items/special'] }), '/items/special', 'specific'],
    ['no routing rule: it answers', op({}), '/items/special', 'generic'],
  ])('%s', async (_name, spec, path, expected) => {
    const general = mockResource<never, { one: 'id' }>({ baseUrl: '*', delayMs: 0, operations: { one: spec } });
    const specific = mockResource<never, { one: never }>({ baseUrl: '*', delayMs: 0, operations: { one: { method: 'get', path: '/items/:rest', status: 200, error, body: { json: 'specific' } } } });
    expect((await call([...general.handlers, ...specific.handlers], 'GET', path)).body).toBe(expected);
  });
});

describe('createStore: keys for created items', () => {
  it.each<[string, Parameters<typeof createStore<{ id: unknown }>>[0], unknown[]]>([
    ['counting UUIDs after the seed', { seed: [{ id: sequenceUuid(1) }], defaults: { id: '' }, key: { path: 'id', kind: 'uuid' } }, [sequenceUuid(2), sequenceUuid(3)]],
    ['counting numbers that skip taken keys', { seed: [{ id: 2 }], defaults: { id: 0 }, key: { path: 'id', kind: 'number' } }, [1, 3]],
    ['strings: the sequence number as text, no placeholder', { seed: [], defaults: { id: '' }, key: { path: 'id', kind: 'string' } }, ['1', '2']],
    ['fresh keys first', { seed: [], defaults: { id: '' }, key: { path: 'id', kind: 'string', fresh: ['ord_a'] } }, ['ord_a', '1']],
    ['the first free enum value', { seed: [{ id: 'a' }], defaults: { id: 'a' }, key: { path: 'id', kind: 'enum', values: ['a', 'b'] } }, ['b', 'a']],
    ['by position', { seed: [{ id: 'x' }], defaults: { id: '' } }, ['2', '3']],
  ])('%s', (_name, spec, expected) => {
    const store = createStore(spec);
    const made = expected.map(() => {
      const { key, entity } = store.create({}, []);
      store.items.set(key, entity);
      return spec.key ? entity.id : key;
    });
    expect(made).toEqual(expected);
  });

  it('merge copies only the fields named, one level down into nested objects, never __proto__ pollution', () => {
    const target = { a: 1, nested: { x: 1, y: 2 } };
    merge(target, JSON.parse('{"a":2,"b":3,"nested":{"x":9,"z":1},"__proto__":{"polluted":true}}') as object, ['a', ['nested', ['x']], '__proto__']);
    expect(target).toEqual(JSON.parse('{"a":2,"nested":{"x":9,"y":2},"__proto__":{"polluted":true}}'));
    // A nullable request property over a non-null one: a value is copied, `null` is not.
    expect(merge({ a: 'x', b: 'y' }, { a: null, b: 'z' }, [['a', 'non-null'], ['b', 'non-null']])).toEqual({ a: 'x', b: 'z' });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('an `all` handler with a verb (QUERY and OpenAPI 3.2 additionalOperations) answers only its method', () => {
  const query = { method: 'all', verb: 'QUERY', path: '/notes', status: 200, error, body: { json: [{ id: 'q' }] } } satisfies OperationSpec;
  const list = { method: 'get', path: '/notes', status: 200, error, body: { json: [{ id: 'g' }] } } satisfies OperationSpec;
  const link = { method: 'all', verb: 'LINK', path: '/notes', status: 204, error } satisfies OperationSpec;
  const handlers = mockResource<Note, { query: never; list: never; link: never }>({ baseUrl: '*', delayMs: 5, operations: { query, link, list } }).handlers;

  it.each([
    ['QUERY', { status: 200, body: [{ id: 'q' }] }],
    ['GET', { status: 200, body: [{ id: 'g' }] }],
    ['LINK', { status: 204, body: undefined }],
  ])('%s /notes reaches its own handler, whatever the order of the handlers', async (method, expected) => {
    expect(await call(handlers, method, '/notes', method === 'GET' ? undefined : {})).toEqual(expected);
  });

  it('a method no handler takes is not answered', async () => {
    await expect(call(handlers, 'PURGE', '/notes')).rejects.toThrow('no handler for PURGE /notes');
  });
});

describe('mockResource: answers that are views of the stored entity', () => {
  it('a create answers the entity over the sample of a response extending it; a delete answers the picked key', async () => {
    const mocks = mockResource<Note, { create: never; remove: 'noteId' }>({
      baseUrl: '*',
      delayMs: 5,
      store: { seed, defaults, key: { path: 'id', kind: 'uuid' }, serverFields: ['id', 'createdAt'] },
      operations: {
        create: { method: 'post', path: '/notes', status: 201, error, store: 'create', fields: ['title'], body: { view: { secret: 's', title: 'sample' } } },
        remove: { method: 'delete', path: '/notes/:noteId', status: 200, error, notFound: missing, store: 'delete', key: 'noteId', body: { view: { deleted: true }, pick: ['id'] } },
      },
    });
    const id = sequenceUuid(4);
    expect((await call(mocks.handlers, 'POST', '/notes', { title: 'new' })).body).toEqual({ ...defaults, id, title: 'new', secret: 's' });
    expect((await call(mocks.handlers, 'DELETE', `/notes/${id}`)).body).toEqual({ id, deleted: true });
    expect(mocks.store.has(id)).toBe(false);
  });

  it('a view inside a wrapper: the picked properties at `at`, beside the wrapper\'s sampled properties', async () => {
    const mocks = mockResource<Note, { create: never }>({
      baseUrl: '*',
      delayMs: 5,
      store: { seed, defaults, key: { path: 'id', kind: 'uuid' } },
      operations: { create: { method: 'post', path: '/notes', status: 201, error, store: 'create', fields: ['title'], body: { view: { kind: 'note' }, pick: ['id', 'title'], at: 'note', with: { duration: '1ms' } } } },
    });
    expect((await call(mocks.handlers, 'POST', '/notes', { title: 'new' })).body).toEqual({ note: { kind: 'note', id: sequenceUuid(4), title: 'new' }, duration: '1ms' });
  });
});

interface Comment { id: number; body: string }
interface Post { id: number; title: string; comments: Comment[] }

/** Posts embedding their comments, and comments under `/posts/:postId/comments`. */
function nested(): { posts: HttpHandler[]; comments: HttpHandler[]; resetComments: () => void } {
  const comments = mockResource<Comment, Record<string, never>>({
    baseUrl: '*', delayMs: 0,
    store: { seed: [{ id: 1, body: 'seed' }], defaults: { id: 0, body: '' }, key: { path: 'id', kind: 'number' } },
    operations: {
      list: { method: 'get', path: '/posts/:postId/comments', status: 200, error, store: 'list', list: {} },
      create: { method: 'post', path: '/posts/:postId/comments', status: 201, error, store: 'create', fields: ['body'], body: 'entity' },
      read: { method: 'get', path: '/posts/:postId/comments/:commentId', status: 200, error, notFound: [404], store: 'read', key: 'commentId', body: 'entity' },
      remove: { method: 'delete', path: '/posts/:postId/comments/:commentId', status: 204, error, notFound: [404], store: 'delete', key: 'commentId' },
    },
  } as never);
  const posts = mockResource<Post, Record<string, never>>({
    baseUrl: '*', delayMs: 0,
    store: { seed: [1, 2].map((id) => ({ id, title: `p${id}`, comments: [] })), defaults: { id: 0, title: '', comments: [] }, key: { path: 'id', kind: 'number' } },
    operations: { read: { method: 'get', path: '/posts/:postId', status: 200, error, notFound: [404], store: 'read', key: 'postId', body: 'entity', embeds: [['comments', comments.store as Map<string, unknown>]] } },
  } as never);
  return { posts: posts.handlers, comments: comments.handlers, resetComments: comments.reset };
}

describe('items created under a parent', () => {
  it('parentOf: the path parameter values before the key, in path order', () => {
    expect(parentOf('/orgs/:org/teams/:team/members/:member', { member: 'm', team: 't', org: 'o' }, 'member')).toEqual(['o', 't']);
    expect(parentOf('/members/:member', { member: 'm' }, 'member')).toBeUndefined();
    expect(belongs(undefined, ['a'])).toBe(true);
    expect(belongs(['a'], ['b'])).toBe(false);
    expect(belongs(['a'], ['x', 'a'])).toBe(true);
  });

  it("a child created under a parent is in that parent's sub-list and detail, not another's", async () => {
    const { posts, comments, resetComments } = nested();
    const created = await call(comments, 'POST', '/posts/1/comments', { body: 'hello' });
    expect(created).toEqual({ status: 201, body: { id: 2, body: 'hello' } });
    expect((await call(comments, 'GET', '/posts/1/comments')).body).toEqual([{ id: 1, body: 'seed' }, { id: 2, body: 'hello' }]);
    expect((await call(comments, 'GET', '/posts/2/comments')).body).toEqual([{ id: 1, body: 'seed' }]);
    expect((await call(comments, 'GET', '/posts/1/comments/2')).status).toBe(200);
    expect((await call(comments, 'GET', '/posts/2/comments/2')).status).toBe(404);
    expect((await call(posts, 'GET', '/posts/1')).body).toEqual({ id: 1, title: 'p1', comments: [{ id: 1, body: 'seed' }, { id: 2, body: 'hello' }] });
    expect((await call(posts, 'GET', '/posts/2')).body).toEqual({ id: 2, title: 'p2', comments: [{ id: 1, body: 'seed' }] });
    expect((await call(comments, 'DELETE', '/posts/2/comments/2')).status).toBe(404);
    expect((await call(comments, 'DELETE', '/posts/1/comments/2')).status).toBe(204);
    expect((await call(posts, 'GET', '/posts/1')).body).toMatchObject({ comments: [{ id: 1 }] });
    await call(comments, 'POST', '/posts/2/comments', { body: 'again' });
    resetComments();
    expect((await call(comments, 'GET', '/posts/2/comments')).body).toEqual([{ id: 1, body: 'seed' }]);
    expect((await call(comments, 'GET', '/posts/2/comments/2')).status).toBe(404);
  });
});
