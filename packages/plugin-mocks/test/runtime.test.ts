import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer, type SetupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { notesModel } from './fixtures/models.js';
import { DEMO_CONTRACT, emitResourceFiles, generate, transpileMocks } from './helpers.js';
import { json, send } from './http.js';

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
