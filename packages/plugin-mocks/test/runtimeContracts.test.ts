// Generated mocks of two more contracts under msw/node: the edge-case contract and the stores-and-routing one.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer, type SetupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { TEST_DIR, generate, transpileMocks } from './helpers.js';
import { json, send } from './http.js';

type Json = Record<string, unknown>;

describe('the edge-case contract under msw/node', () => {
  let dir: string;
  let server: SetupServer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-edge-'));
    await generate(path.join(TEST_DIR, 'fixtures/edge.yaml'), dir);
    await transpileMocks(path.join(dir, 'src'), path.join(dir, 'js'));
    const load = async (r: string) => (await import(pathToFileURL(path.join(dir, `js/shared/mocks/${r}/index.js`)).href) as Record<string, HttpHandler[]>)[`${r}Handlers`] ?? [];
    // `pets` first: its `/pets/:petId` must step aside for `/pets/search` of `petsSearch`.
    server = setupServer(...(await load('pets')), ...(await load('petsSearch')), ...(await load('trees')), ...(await load('petsNotesTxt')));
    server.listen({ onUnhandledFrame: 'error' });
  }, 60_000);

  afterAll(async () => {
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a union entity is stored; cursor pages follow nextCursor', async () => {
    const first = (await send('http://localhost/pets?limit=2')).body as Json;
    expect(first).toMatchObject({ count: 3, hasMore: true, nextCursor: '2' });
    expect((await send('http://localhost/pets?limit=2&cursor=2')).body).toMatchObject({ hasMore: false, nextCursor: null, data: [{ id: 3 }] });
    expect(await send('http://localhost/pets', json('POST', { petType: 'dog', name: 'Rex' }))).toMatchObject({ status: 201, body: { id: 4, petType: 'dog' } });
  });

  it('an item handler steps aside for a literal path of another resource', async () => {
    // `Pet` is `oneOf: [Cat, Dog]`: a Cat sample also validates Dog (open object), a Dog one lacks Cat's `indoor`.
    // One item per member is tried (Cat first for the first item): both come out as dogs.
    expect(await send('http://localhost/pets/search')).toMatchObject({ status: 200, body: [{ petType: 'dog' }, { petType: 'dog' }] });
    expect((await send('http://localhost/pets/1')).status).toBe(200);
  });

  it('HEAD, text bodies and recursive fixtures', async () => {
    expect((await fetch('http://localhost/pets/1', { method: 'HEAD' })).status).toBe(200);
    expect(await send('http://localhost/pets/1/notes.txt')).toMatchObject({ status: 200, body: 'Likes naps', type: 'text/plain' });
    expect((await send('http://localhost/trees/t')).status).toBe(404);
  });
});

describe('the stores-and-routing contract under msw/node (every resource, folder order)', () => {
  let dir: string;
  let server: SetupServer;
  const mods: Record<string, Record<string, unknown>> = {};
  const UUID = '00000000-0000-4000-8000-0000000000aa';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-stores-'));
    await generate(path.join(TEST_DIR, 'fixtures/stores.yaml'), dir);
    await transpileMocks(path.join(dir, 'src'), path.join(dir, 'js'));
    const names = ['albums', 'albumsAssets', 'articles', 'assets', 'jobs', 'orders', 'queues', 'queuesJobs', 'tagsAssets'];
    for (const r of names) mods[r] = (await import(pathToFileURL(path.join(dir, `js/shared/mocks/${r}/index.js`)).href)) as Record<string, unknown>;
    // `assets` comes before `tagsAssets` and `albumsAssets`, `jobs` before `queuesJobs`: `*/assets` and `*/jobs` see their requests first.
    server = setupServer(...names.flatMap((r) => (mods[r]?.[`${r}Handlers`] as HttpHandler[] | undefined) ?? []));
    server.listen({ onUnhandledFrame: 'error' });
  }, 60_000);

  afterEach(() => {
    server.resetHandlers();
    for (const m of Object.values(mods)) for (const [k, v] of Object.entries(m)) if (/^reset\w+Store$/.test(k) && typeof v === 'function') (v as () => void)();
  });

  afterAll(async () => {
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a handler steps aside when a more precise path of the contract matches (the `*` base)', async () => {
    const ids = json('PUT', { ids: [UUID] });
    expect(await send('http://localhost/tags/assets', ids)).toMatchObject({ status: 200, body: { count: 1 } });
    expect(await send(`http://localhost/albums/${UUID}/assets`, ids)).toMatchObject({ status: 200, body: [{ count: 1 }] });
    expect(await send('http://localhost/queues/video/jobs')).toMatchObject({ status: 200, body: [{ count: 1 }] });
    // Its own path, under any base path, is still its own.
    expect((await send('http://localhost/assets', ids)).status).toBe(204);
    expect((await send('https://x.test/api/v2/assets', ids)).status).toBe(204);
    expect(await send('http://localhost/base/jobs')).toMatchObject({ status: 200, body: { count: 1 } });
  });

  it('with an exact base the more precise paths cannot match: nothing to step aside for', async () => {
    const create = mods['assets']?.['createAssetsHandlers'] as (o: { baseUrl: string }) => HttpHandler[];
    server.use(...create({ baseUrl: 'http://localhost' }));
    expect((await send('http://localhost/assets', json('PUT', { ids: [] }))).status).toBe(204);
    expect((await send('http://localhost/tags/assets', json('PUT', { ids: [] }))).status).toBe(200);
  });

  it('an enum key: the store is keyed by the entities\' `name`, one fixture per enum value', async () => {
    expect([...(mods['queues']?.['queuesStore'] as Map<string, unknown>).keys()]).toEqual(['thumbnails', 'metadata', 'video']);
    expect(await send('http://localhost/queues/metadata')).toMatchObject({ status: 200, body: { name: 'metadata' } });
    expect(await send('http://localhost/queues/video', json('PUT', { isPaused: true, name: 'metadata' }))).toMatchObject({ status: 200, body: { name: 'video', isPaused: true } });
  });

  it('a wrapped entity: the store holds the article, keyed by its `slug`; reads and writes wrap it, a wrapped payload is merged (required fields stay)', async () => {
    const store = mods['articles']?.['articlesStore'] as Map<string, Json>;
    const [slug, first] = [...store.entries()][0] ?? [];
    expect(first?.['slug']).toBe(slug);
    expect((await send(`http://localhost/articles/${String(slug)}`)).body).toEqual({ article: first });
    expect((await send(`http://localhost/articles/${String(slug)}`)).status).toBe(200);
    const created = await send('http://localhost/articles', json('POST', { article: { title: 'T', body: 'B', extra: 1 } }));
    expect(created).toMatchObject({ status: 201, body: { article: { title: 'T', body: 'B', slug: expect.stringMatching(/^[a-z]+(-[a-z]+)*$/), author: { username: expect.any(String) }, createdAt: expect.any(String) } } });
    expect((created.body as { article: Json }).article).not.toHaveProperty('extra');
    // The created slug is sampled like the seed's (not `slug-1`), new, and opens its detail.
    const createdSlug = String((created.body as { article: Json }).article['slug']);
    expect(createdSlug).not.toBe(slug);
    expect((await send(`http://localhost/articles/${createdSlug}`)).body).toEqual(created.body);
    const updated = await send(`http://localhost/articles/${String(slug)}`, json('PUT', { article: { title: 'U' } }));
    expect(updated).toMatchObject({ status: 200, body: { article: { title: 'U', slug, createdAt: expect.any(String) } } });
  });

  it('writeOnly and readOnly payload properties are not stored or answered; an optional `id` is the key', async () => {
    expect([...(mods['orders']?.['ordersStore'] as Map<string, unknown>).keys()]).toEqual(['1', '2', '3']);
    const { body } = await send('http://localhost/orders', json('POST', { petId: 5, requestId: 'r-1', complete: true, id: 99 }));
    expect(body).toMatchObject({ petId: 5, id: 4 });
    expect(body).not.toHaveProperty('requestId');
    expect((body as Json)['complete']).not.toBe(true);
    expect((await send('http://localhost/orders/4')).status).toBe(200);
  });

  it('a payload property whose shape differs from the response is not copied', async () => {
    const { status, body } = await send('http://localhost/albums', json('POST', { albumName: 'Trip', albumUsers: [{ role: 'editor', userId: 'u1' }] }));
    expect(status).toBe(201);
    expect(body).toMatchObject({ albumName: 'Trip' });
    for (const u of (body as { albumUsers: Json[] }).albumUsers) expect(u).toHaveProperty('user');
  });

  it('fixtures match the contract patterns', () => {
    const orders = mods['orders']?.['ordersFixtures'] as Array<{ code?: string }>;
    for (const o of orders) expect(o.code).toMatch(/^ORD-\d{4}$/);
  });
});
