import path from 'node:path';
import { TEST_DIR, serveMocks } from './helpers.js';
import { json, send } from './http.js';

// Items with no key property carry their store key where the entity allows one more property
// (fixtures/carried-keys.yaml): `id`, else the item path parameter's name; a closed entity carries nothing.

type Json = Record<string, unknown>;
const BASE = 'http://localhost';
const get = (route: string): ReturnType<typeof send> => send(`${BASE}${route}`);

describe('keyless items carry their store key, under msw/node', () => {
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ close } = await serveMocks(path.join(TEST_DIR, 'fixtures/carried-keys.yaml')));
  }, 60_000);
  afterAll(async () => close?.());

  it('listed restrictions carry a numeric `id` that opens them; a created one is answered, listed and opened by its `id`', async () => {
    const list = (await get('/restrictions')).body as Json[];
    expect(list.map((r) => r['id'])).toEqual([1, 2, 3]);
    for (const item of list) expect((await get(`/restrictions/${String(item['id'])}`)).body).toEqual(item);
    const created = await send(`${BASE}/restrictions`, json('POST', { kind: 'merge', pattern: 'main' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 4, kind: 'merge', pattern: 'main' });
    expect(((await get('/restrictions')).body as Json[]).map((r) => r['id'])).toEqual([1, 2, 3, 4]);
    expect((await get('/restrictions/4')).body).toMatchObject({ id: 4, pattern: 'main' });
  });

  it('a replace keeps the carried `id`; a delete removes the item from the list', async () => {
    expect((await send(`${BASE}/restrictions/2`, json('PUT', { kind: 'push', pattern: 'release/*' }))).status).toBe(200);
    expect((await get('/restrictions/2')).body).toMatchObject({ id: 2, kind: 'push', pattern: 'release/*' });
    expect((await send(`${BASE}/restrictions/2`, { method: 'DELETE' })).status).toBe(204);
    expect((await get('/restrictions/2')).status).toBe(404);
    expect(((await get('/restrictions')).body as Json[]).map((r) => r['id'])).not.toContain(2);
  });

  it('comments declare an `id` of their own, so they carry the key in `comment_id`', async () => {
    const list = (await get('/comments')).body as Json[];
    expect(list.map((c) => c['comment_id'])).toEqual(['1', '2', '3']);
    for (const item of list) expect(typeof item['id']).not.toBe('string');
    expect((await get('/comments/2')).body).toMatchObject({ comment_id: '2' });
  });

  it('closed rules (`additionalProperties: false`) carry no key', async () => {
    const list = (await get('/rules')).body as Json[];
    expect(list.length).toBeGreaterThan(1);
    for (const item of list) expect(Object.keys(item)).not.toContain('id');
    expect((await get('/rules/1')).status).toBe(200);
  });
});
