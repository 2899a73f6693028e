import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer, type SetupServer } from 'msw/node';
import { HttpResponse, type HttpHandler } from 'msw';
import { DEMO_CONTRACT, generate, transpileMocks } from './helpers.js';

// Steering the generated demo mocks from a test: one operation's handler alone, with options or an own resolver.

const CONTACTS = 'http://localhost/api/v1/contacts';
const RESOURCES = ['companies', 'contacts', 'contactsArchive', 'dashboardSummary', 'filesDownload', 'search'];

type Json = Record<string, unknown>;
/** One per-operation handler factory: `(answer?, options?) => HttpHandler`. */
type Factory = (answer?: unknown, options?: Json) => HttpHandler;
type Modules = Record<string, Record<string, unknown>>;

const send = async (url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> => {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
};
const post = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('per-operation handler factories of the generated demo mocks', () => {
  let dir: string;
  let server: SetupServer;
  const mods: Modules = {};
  const ops = (resource: string) => mods[resource]?.[`${resource}OperationHandlers`] as Record<string, Factory>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-steer-'));
    await generate(DEMO_CONTRACT, dir);
    const out = path.join(dir, 'js');
    await transpileMocks(path.join(dir, 'src'), out);
    for (const r of RESOURCES) mods[r] = (await import(pathToFileURL(path.join(out, `shared/mocks/${r}/index.js`)).href)) as Record<string, unknown>;
    server = setupServer(...RESOURCES.flatMap((r) => mods[r]?.[`${r}Handlers`] as HttpHandler[]));
    server.listen({ onUnhandledFrame: 'error' });
  }, 60_000);

  afterEach(() => {
    server.resetHandlers();
    (mods['contacts']?.['resetContactsStore'] as () => void)();
  });

  afterAll(async () => {
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('has one factory per operation, named like the client methods, next to the unchanged handler list', () => {
    expect(Object.keys(ops('contacts'))).toEqual(['listContacts', 'createContact', 'getContact', 'updateContact', 'deleteContact']);
    expect((mods['contacts']?.['contactsHandlers'] as HttpHandler[]).length).toBe(5);
    expect(Object.keys(ops('contactsArchive'))).toEqual(['archiveContact']);
  });

  it('`{ scenario: "error" }` fails only that operation, with the contract error status and body', async () => {
    server.use(ops('contacts')['createContact']?.({ scenario: 'error' }) as HttpHandler);
    const failed = await send(CONTACTS, post({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', status: 'active' }));
    expect(failed.status).toBe(400);
    expect(failed.body).toEqual(mods['contacts']?.['createContactErrorFixture']);
    expect((await send(CONTACTS)).status).toBe(200);
    server.resetHandlers();
    expect((await send(CONTACTS, post({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', status: 'active' }))).status).toBe(201);
  });

  it('an own resolver answers in place of the generated answer and reads the typed path parameters', async () => {
    const seen: string[] = [];
    server.use(
      ops('contacts')['getContact']?.(({ params }: { params: { contactId: string } }) => {
        seen.push(params.contactId);
        return HttpResponse.json({ message: 'teapot' }, { status: 418 });
      }) as HttpHandler,
    );
    expect(await send(`${CONTACTS}/c-1`)).toEqual({ status: 418, body: { message: 'teapot' } });
    expect(seen).toEqual(['c-1']);
    // The list operation keeps its generated answer.
    expect((await send(CONTACTS)).status).toBe(200);
  });

  it('options of one operation apply to it alone (base URL)', async () => {
    server.use(ops('contacts')['listContacts']?.({ scenario: 'empty' }, { baseUrl: 'http://localhost' }) as HttpHandler);
    expect(((await send(CONTACTS)).body as { items: unknown[] }).items).toEqual([]);
    expect(((await send('https://other.test/api/v1/contacts')).body as { items: unknown[] }).items.length).toBeGreaterThan(0);
  });

  it('an action that answers the entity updates the store: archive stores and answers the archived contact', async () => {
    const [first, second] = mods['contacts']?.['contactsFixtures'] as Json[];
    const id = String(first?.['id']);
    expect(first?.['status']).not.toBe('archived');
    const archived = await send(`${CONTACTS}/${id}/archive`, post({ reason: 'moved away' }));
    expect(archived).toEqual({ status: 200, body: { ...first, status: 'archived' } });
    expect(await send(`${CONTACTS}/${id}`)).toEqual({ status: 200, body: { ...first, status: 'archived' } });
    // The other contacts are untouched, and the store is reset between tests.
    expect((await send(`${CONTACTS}/${String(second?.['id'])}`)).body).toEqual(second);
    expect((await send(`${CONTACTS}/unknown-id/archive`, post({}))).status).toBe(404);
    (mods['contacts']?.['resetContactsStore'] as () => void)();
    expect((await send(`${CONTACTS}/${id}`)).body).toEqual(first);
  });
});
