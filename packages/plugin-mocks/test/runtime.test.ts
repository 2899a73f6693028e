import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer, type SetupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { notesModel } from './fixtures/models.js';
import { DEMO_CONTRACT, TEST_DIR, emitResourceFiles, generate, transpileMocks } from './helpers.js';

/** Delay of the `slow` scenario the demo is generated with. */
const SLOW_MS = 150;
const CONTACTS = 'http://localhost/api/v1/contacts';

type Json = Record<string, unknown>;
interface Page { items: Json[]; total: number; page: number; pageSize: number }
interface Mocks {
  contactsHandlers: HttpHandler[];
  contactsScenarios: Record<'success' | 'empty' | 'error' | 'slow', HttpHandler[]>;
  getContactsScenario(name: string, options?: { delayMs?: number; baseUrl?: string }): HttpHandler[];
  resetContactsStore(): void;
  contactsFixtures: Json[];
  listContactsErrorFixture: Json;
}

const send = async (url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; type: string | null }> => {
  const res = await fetch(url, init);
  const type = res.headers.get('content-type');
  const text = await res.text();
  return { status: res.status, type, body: type?.includes('json') && text ? JSON.parse(text) : text };
};
const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('generated demo mocks under msw/node', () => {
  let dir: string;
  let server: SetupServer;
  let m: Mocks;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-run-'));
    await generate(DEMO_CONTRACT, dir, { delayMs: SLOW_MS });
    const out = path.join(dir, 'js');
    await transpileMocks(path.join(dir, 'src'), out);
    const load = (r: string) => import(pathToFileURL(path.join(out, `shared/mocks/${r}/index.js`)).href) as Promise<Record<string, unknown>>;
    m = (await load('contacts')) as unknown as Mocks;
    const all: HttpHandler[] = [];
    for (const r of ['companies', 'contacts', 'contactsArchive', 'dashboardSummary', 'filesDownload', 'search']) {
      const mod = await load(r);
      all.push(...(mod[`${r}Handlers`] as HttpHandler[]));
    }
    server = setupServer(...all);
    server.listen({ onUnhandledFrame: 'error' });
  }, 60_000);

  afterEach(() => {
    server.resetHandlers();
    m.resetContactsStore();
  });

  afterAll(async () => {
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lists the fixtures in the page object of the contract', async () => {
    const { status, body } = await send(CONTACTS);
    expect(status).toBe(200);
    expect(body).toEqual({ items: m.contactsFixtures, total: 3, page: 1, pageSize: 20 });
  });

  it('honours page and pageSize', async () => {
    const first = (await send(`${CONTACTS}?page=1&pageSize=2`)).body as Page;
    const second = (await send(`${CONTACTS}?page=2&pageSize=2`)).body as Page;
    expect(first.items.map((c) => c['id'])).toEqual(m.contactsFixtures.slice(0, 2).map((c) => c['id']));
    expect(second).toEqual({ items: [m.contactsFixtures[2]], total: 3, page: 2, pageSize: 2 });
    expect(((await send(`${CONTACTS}?page=3&pageSize=2`)).body as Page).items).toEqual([]);
  });

  it('create makes the list grow and the item readable; the server assigns the id', async () => {
    const created = await send(CONTACTS, json('POST', { id: 'mine', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', status: 'active' }));
    expect(created.status).toBe(201);
    const item = created.body as Json;
    expect(item).toMatchObject({ id: '00000000-0000-4000-8000-000000000004', firstName: 'Grace', status: 'active' });
    // Created after every fixture: the latest fixture's createdAt plus one minute.
    const latest = Math.max(...m.contactsFixtures.map((c) => Date.parse(String(c['createdAt']))));
    expect(item['createdAt']).toBe(new Date(latest + 60_000).toISOString());
    expect(((await send(CONTACTS)).body as Page).total).toBe(4);
    expect(await send(`${CONTACTS}/${String(item['id'])}`)).toMatchObject({ status: 200, body: item });
    // The second fixture is `active` too (fixtures vary their enum values): the filter finds both.
    expect(((await send(`${CONTACTS}?status=active`)).body as Page).items).toEqual([m.contactsFixtures[1], item]);
    expect(((await send(`${CONTACTS}?status=lead`)).body as Page).items).toEqual([m.contactsFixtures[0]]);
  });

  it('update (PATCH) changes what read returns and keeps the other fields', async () => {
    const id = String(m.contactsFixtures[0]?.['id']);
    const updated = await send(`${CONTACTS}/${id}`, json('PATCH', { lastName: 'Lovelace', id: 'ignored' }));
    expect(updated).toMatchObject({ status: 200, body: { ...m.contactsFixtures[0], lastName: 'Lovelace' } });
    expect((await send(`${CONTACTS}/${id}`)).body).toEqual({ ...m.contactsFixtures[0], lastName: 'Lovelace' });
  });

  it('delete makes read answer 404 with the error body of the contract', async () => {
    const id = String(m.contactsFixtures[1]?.['id']);
    expect(await send(`${CONTACTS}/${id}`, { method: 'DELETE' })).toMatchObject({ status: 204, body: '' });
    const read = await send(`${CONTACTS}/${id}`);
    expect(read.status).toBe(404);
    expect(read.body).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
    expect(((await send(CONTACTS)).body as Page).total).toBe(2);
    expect((await send(`${CONTACTS}/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('resetContactsStore restores the fixtures', async () => {
    await send(`${CONTACTS}/${String(m.contactsFixtures[0]?.['id'])}`, { method: 'DELETE' });
    m.resetContactsStore();
    expect(((await send(CONTACTS)).body as Page).total).toBe(3);
  });

  it('the empty scenario: empty list, 404 for items, empty search, no file', async () => {
    server.use(...m.contactsScenarios.empty);
    expect((await send(CONTACTS)).body).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    expect((await send(`${CONTACTS}/${String(m.contactsFixtures[0]?.['id'])}`)).status).toBe(404);
    const search = await import(pathToFileURL(path.join(dir, 'js/shared/mocks/search/index.js')).href) as { searchScenarios: Record<string, HttpHandler[]> };
    const files = await import(pathToFileURL(path.join(dir, 'js/shared/mocks/filesDownload/index.js')).href) as { filesDownloadScenarios: Record<string, HttpHandler[]> };
    server.use(...(search.searchScenarios['empty'] ?? []), ...(files.filesDownloadScenarios['empty'] ?? []));
    expect(await send('http://localhost/api/v1/search?q=a')).toMatchObject({ status: 200, body: { items: [], total: 0 } });
    expect((await send('http://localhost/api/v1/files/abc/download')).status).toBe(404);
  });

  it('the error scenario: every operation answers the contract error status with a typed body; resetHandlers switches back', async () => {
    server.use(...m.contactsScenarios.error);
    expect(await send(CONTACTS)).toMatchObject({ status: 400, body: m.listContactsErrorFixture });
    expect((await send(CONTACTS, json('POST', {}))).status).toBe(400);
    expect((await send(`${CONTACTS}/x`)).status).toBe(404);
    expect((await send(`${CONTACTS}/x`, json('PATCH', {}))).status).toBe(400);
    expect((await send(`${CONTACTS}/x`, { method: 'DELETE' })).status).toBe(404);
    server.resetHandlers();
    expect((await send(CONTACTS)).status).toBe(200);
  });

  it('the slow scenario answers with success after the delay', async () => {
    server.use(...m.contactsScenarios.slow);
    let start = performance.now();
    const slow = await send(CONTACTS);
    expect(performance.now() - start).toBeGreaterThanOrEqual(SLOW_MS - 5);
    expect(slow.status).toBe(200);
    server.resetHandlers();
    server.use(...m.getContactsScenario('slow', { delayMs: 40 }));
    start = performance.now();
    expect((await send(CONTACTS)).status).toBe(200);
    expect(performance.now() - start).toBeGreaterThanOrEqual(35);
  });

  it('non-CRUD operations: search, summary, action, binary download', async () => {
    expect(await send('http://localhost/api/v1/search?q=ada')).toMatchObject({ status: 200, body: { total: 1 } });
    expect(await send('http://localhost/api/v1/dashboard/summary')).toMatchObject({ status: 200, body: { contacts: { total: 1 } } });
    // The action answers the stored contact (archived); a missing one is a 404.
    expect(await send(`${CONTACTS}/${String(m.contactsFixtures[0]?.['id'])}/archive`, json('POST', { reason: 'done' }))).toMatchObject({ status: 200, body: { status: 'archived' } });
    expect(await send(`${CONTACTS}/abc/archive`, json('POST', { reason: 'done' }))).toMatchObject({ status: 404 });
    const file = await fetch('http://localhost/api/v1/files/abc/download');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect((await file.blob()).size).toBeGreaterThan(0);
  });

  it('matches any origin and base path with the default "*" prefix', async () => {
    expect((await send('https://crm.example.test/api/v1/contacts')).status).toBe(200);
    expect((await send('http://localhost:8080/base/api/v1/contacts')).status).toBe(200);
  });
});

describe('a factory-built CRUD resource under msw/node: integer keys, offset/limit, PUT, 204 action, PDF', () => {
  const NOTES = 'http://localhost/notes';
  let dir: string;
  let server: SetupServer;
  let m: { notesHandlers: HttpHandler[]; notesScenarios: Record<string, HttpHandler[]>; resetNotesStore(): void; notesFixtures: Json[] };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-notes-'));
    for (const [file, contents] of Object.entries(emitResourceFiles(notesModel(), 3))) {
      await mkdir(path.dirname(path.join(dir, 'src', file)), { recursive: true });
      await writeFile(path.join(dir, 'src', file), contents, 'utf8');
    }
    await transpileMocks(path.join(dir, 'src'), path.join(dir, 'js'));
    m = await import(pathToFileURL(path.join(dir, 'js/shared/mocks/notes/index.js')).href) as typeof m;
    server = setupServer(...m.notesHandlers);
    server.listen({ onUnhandledFrame: 'error' });
  }, 60_000);

  afterEach(() => {
    server.resetHandlers();
    m.resetNotesStore();
  });

  afterAll(async () => {
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lists a bare array honouring offset and limit', async () => {
    // The contract's example is the first fixture's title; the others vary it (faker's titles, not `Groceries 2`).
    const all = (await send(NOTES)).body as Json[];
    expect(all).toEqual(m.notesFixtures);
    expect(all.map((n) => n['id'])).toEqual([1, 2, 3]);
    expect(all[0]?.['title']).toBe('Groceries');
    expect(all.slice(1).some((n) => String(n['title']).startsWith('Groceries'))).toBe(false);
    expect(new Set(all.map((n) => n['body'])).size).toBe(3);
    expect((await send(`${NOTES}?offset=1&limit=1`)).body).toEqual([m.notesFixtures[1]]);
  });

  it('creates with the next free integer id and replaces with PUT', async () => {
    expect(await send(NOTES, json('POST', { title: 'New' }))).toMatchObject({ status: 201, body: { id: 4, title: 'New' } });
    const replaced = await send(`${NOTES}/1`, json('PUT', { title: 'Replaced', id: 99 }));
    expect(replaced).toMatchObject({ status: 200, body: { id: 1, title: 'Replaced' } });
    expect((await send(`${NOTES}/1`)).body).toEqual({ id: 1, title: 'Replaced' });
  });

  it('deletes; an action answers 204; a PDF download has its content type', async () => {
    expect((await send(`${NOTES}/2`, { method: 'DELETE' })).status).toBe(204);
    expect(await send(`${NOTES}/2`)).toMatchObject({ status: 404, body: { message: expect.any(String) } });
    expect((await send(`${NOTES}/3/pin`, { method: 'POST' })).status).toBe(204);
    expect((await send(`${NOTES}/3/file`)).type).toBe('application/pdf');
    server.use(...(m.notesScenarios['error'] ?? []));
    expect((await send(`${NOTES}/3/file`)).status).toBe(500);
  });
});

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
