import path from 'node:path';
import { TEST_DIR, serveMocks } from './helpers.js';
import { json, send } from './http.js';

// Items with no key property carry their store key where the entity allows one more property
// (fixtures/carried-keys.yaml): the item path parameter's name, else `id`; a closed entity carries nothing. A view
// declaring a numeric key a string answers the key's text.

type Json = Record<string, unknown>;
const BASE = 'http://localhost';
const get = (route: string): ReturnType<typeof send> => send(`${BASE}${route}`);

describe('keyless items carry their store key, under msw/node', () => {
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ close } = await serveMocks(path.join(TEST_DIR, 'fixtures/carried-keys.yaml')));
  }, 60_000);
  afterAll(async () => close?.());

  it('listed restrictions carry a numeric `restriction_id` that opens them; a created one is answered, listed and opened by it', async () => {
    const list = (await get('/restrictions')).body as Json[];
    expect(list.map((r) => r['restriction_id'])).toEqual([1, 2, 3]);
    for (const item of list) expect((await get(`/restrictions/${String(item['restriction_id'])}`)).body).toEqual(item);
    const created = await send(`${BASE}/restrictions`, json('POST', { kind: 'merge', pattern: 'main' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ restriction_id: 4, kind: 'merge', pattern: 'main' });
    expect(((await get('/restrictions')).body as Json[]).map((r) => r['restriction_id'])).toEqual([1, 2, 3, 4]);
    expect((await get('/restrictions/4')).body).toMatchObject({ restriction_id: 4, pattern: 'main' });
  });

  it('a replace keeps the carried key; a delete removes the item from the list', async () => {
    expect((await send(`${BASE}/restrictions/2`, json('PUT', { kind: 'push', pattern: 'release/*' }))).status).toBe(200);
    expect((await get('/restrictions/2')).body).toMatchObject({ restriction_id: 2, kind: 'push', pattern: 'release/*' });
    expect((await send(`${BASE}/restrictions/2`, { method: 'DELETE' })).status).toBe(204);
    expect((await get('/restrictions/2')).status).toBe(404);
    expect(((await get('/restrictions')).body as Json[]).map((r) => r['restriction_id'])).not.toContain(2);
  });

  it('comments declare a `comment_id` of their own (an object), so they carry the key in `id`', async () => {
    const list = (await get('/comments')).body as Json[];
    expect(list.map((c) => c['id'])).toEqual(['1', '2', '3']);
    for (const item of list) expect(typeof item['comment_id']).not.toBe('string');
    expect((await get('/comments/2')).body).toMatchObject({ id: '2' });
  });

  it('closed rules (`additionalProperties: false`) carry no key', async () => {
    const list = (await get('/rules')).body as Json[];
    expect(list.length).toBeGreaterThan(1);
    // Rules are read by `{rule_id}`: an open entity would carry it there (or in `id`).
    for (const item of list) expect(Object.keys(item).filter((k) => k === 'rule_id' || k === 'id')).toEqual([]);
    expect((await get('/rules/1')).status).toBe(200);
  });

  it('a create answering `{ webinarKey: string }` of an integer key answers the stored key\'s text, which is listed and opens', async () => {
    const created = await send(`${BASE}/webinars`, json('POST', { subject: 'Launch' }));
    expect(created.status).toBe(201);
    const key = (created.body as Json)['webinarKey'];
    expect(typeof key).toBe('string');
    expect(((await get('/webinars')).body as Json[]).map((w) => w['webinarKey'])).toContain(Number(key));
    expect((await get(`/webinars/${String(key)}`)).body).toMatchObject({ webinarKey: Number(key), subject: 'Launch' });
  });

  it('a carried key is the key of views: a created build\'s answer shows the `build_num` it is read under', async () => {
    expect(((await get('/builds')).body as Json[]).length).toBe(3);
    const created = await send(`${BASE}/builds`, json('POST', { status: 'queued' }));
    expect(created.status).toBe(201);
    expect((created.body as Json)['build_num']).toBe(4);
    expect((await get('/builds')).body as Json[]).toContainEqual({ status: 'queued' });
    expect((await get('/builds/4')).body).toMatchObject({ build_num: 4, status: 'queued' });
    expect((await get('/builds/5')).status).toBe(404);
  });
});
