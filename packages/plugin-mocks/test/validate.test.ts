// The generated demo mocks behave like the API, served by msw/node: writes are validated the way a server validates
// them (a create or an update whose body breaks the contract's request schema gets the contract's 400 answer and
// stores nothing; a missing item gets the contract's 404 answer), and the list honours its free text and its sort.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer, type SetupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import type { IntersectionSchema, NamedSchema, NumberSchema, ObjectSchema, RefSchema, SchemaNode, StringSchema } from '@reslayer/core';
import { createSchema } from '@reslayer/core/host';
import { requestSchema, type ConvertedSchemas, type Definitions } from '../src/plan/requestSchema.js';
import { DEMO_CONTRACT, generate, transpileMocks } from './helpers.js';

const CONTACTS = 'http://localhost/api/v1/contacts';
type Json = Record<string, unknown>;

const send = async (url: string, method = 'GET', body?: unknown): Promise<{ status: number; body: unknown }> => {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

describe('generated demo mocks behave like the API', () => {
  let dir: string;
  let server: SetupServer;
  let m: { contactsHandlers: HttpHandler[]; resetContactsStore(): void; contactsFixtures: Json[]; listContactsErrorFixture: Json };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-validate-'));
    await generate(DEMO_CONTRACT, dir, {});
    await transpileMocks(path.join(dir, 'src'), path.join(dir, 'js'));
    const load = (r: string) => import(pathToFileURL(path.join(dir, `js/shared/mocks/${r}/index.js`)).href) as Promise<Record<string, unknown>>;
    m = (await load('contacts')) as unknown as typeof m;
    const archive = await load('contactsArchive');
    server = setupServer(...m.contactsHandlers, ...(archive['contactsArchiveHandlers'] as HttpHandler[]));
    server.listen({ onUnhandledFrame: 'error' });
  }, 60_000);

  afterEach(() => m.resetContactsStore());

  afterAll(async () => {
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const grace = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', status: 'active' };

  it.each([
    ['an empty body (required properties missing)', {}],
    ['no email (required)', { firstName: 'Grace', lastName: 'Hopper', status: 'active' }],
    ['an empty first name (minLength 1)', { ...grace, firstName: '' }],
    ['a last name over maxLength 100', { ...grace, lastName: 'x'.repeat(101) }],
    ['a status outside the enum', { ...grace, status: 'gone' }],
    ['an email that is not one (format: email)', { ...grace, email: 'grace' }],
    ['a companyId that is not a UUID', { ...grace, companyId: 'acme' }],
    ['a number for a string', { ...grace, phone: 5 }],
    ['eleven tags (maxItems 10)', { ...grace, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }],
  ])('create with %s: the contract\'s 400 answer, nothing listed', async (_, body) => {
    expect(await send(CONTACTS, 'POST', body)).toEqual({ status: 400, body: m.listContactsErrorFixture });
    expect(((await send(CONTACTS)).body as { total: number }).total).toBe(3);
  });

  it('a valid create answers 201 and is listed; readOnly properties sent back are not judged', async () => {
    const created = await send(CONTACTS, 'POST', { ...grace, id: 'mine', createdAt: 'whenever' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(grace);
    expect(((await send(CONTACTS)).body as { total: number }).total).toBe(4);
  });

  it('an update that breaks the patch schema is refused and changes nothing; a missing item answers the contract\'s 404', async () => {
    const first = m.contactsFixtures[0] ?? {};
    const url = `${CONTACTS}/${String(first['id'])}`;
    expect(await send(url, 'PATCH', { email: 'nope' })).toEqual({ status: 400, body: m.listContactsErrorFixture });
    expect((await send(url)).body).toEqual(first);
    expect((await send(url, 'PATCH', { lastName: 'Lovelace' })).status).toBe(200);
    const missing = await send(`${CONTACTS}/00000000-0000-4000-8000-00000000ffff`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
  });

  it('an action without a declared 400 answer refuses a bad body with a problem body', async () => {
    const url = `${CONTACTS}/${String(m.contactsFixtures[0]?.['id'])}/archive`;
    const refused = await send(url, 'POST', { reason: 'x'.repeat(501) });
    expect(refused).toMatchObject({ status: 400, body: { title: 'Bad Request', status: 400, errors: [{ pointer: '/reason' }] } });
    expect((await send(url, 'POST', { reason: 'moved away' })).status).toBe(200);
  });

  it('the list honours q (free text over the string properties) and sort (-lastName), before the page is cut', async () => {
    type Page = { items: Json[]; total: number };
    const list = async (query: string) => (await send(`${CONTACTS}?${query}`)).body as Page;
    const rivera = await list('q=RIVERA');
    expect(rivera.items.map((c) => c['lastName'])).toEqual(['Rivera']);
    expect(rivera.total).toBe(1);
    expect((await list('q=nobody-has-this')).total).toBe(0);
    const names = (page: Page) => page.items.map((c) => String(c['lastName']));
    const byName = [...m.contactsFixtures.map((c) => String(c['lastName']))].sort();
    expect(names(await list('sort=lastName'))).toEqual(byName);
    expect(names(await list('sort=-lastName'))).toEqual([...byName].reverse());
    expect(names(await list('sort=-lastName&page=1&pageSize=1'))).toEqual([byName[2]]);
    // A created contact is found by its name, and sorts among the others.
    expect((await send(CONTACTS, 'POST', { ...grace, lastName: 'Zuse' })).status).toBe(201);
    expect(names(await list('q=zuse'))).toEqual(['Zuse']);
    expect(names(await list('sort=-lastName'))[0]).toBe('Zuse');
  });
});

describe('requestSchema', () => {
  it('leaves out an enum the resource model emptied (a schema ajv cannot compile would accept every body)', () => {
    const type = createSchema<NumberSchema>({ kind: 'number', integer: true, enum: [] });
    const node = createSchema<ObjectSchema>({ kind: 'object', properties: [{ name: 'type', required: true, schema: type }] });
    expect(requestSchema(node, new Map(), new Map())).toEqual({ type: 'object', properties: { type: { type: 'integer' } }, required: ['type'] });
  });

  it('requires the discriminator property core pins by allOf inheritance (`tag`) without checking its value; keeps a pin the contract writes', () => {
    const str = (values?: string[]) => createSchema<StringSchema>({ kind: 'string', ...(values ? { enum: values } : {}) });
    const own = createSchema<ObjectSchema>({ kind: 'object', properties: [{ name: 'key', required: true, schema: str() }] });
    const pin = (tag: boolean) => createSchema<ObjectSchema>({ kind: 'object', ...(tag ? { tag: true as const } : {}), properties: [{ name: 'type', required: true, schema: str(['comment']) }] });
    const of = (tag: boolean) => requestSchema(createSchema<IntersectionSchema>({ kind: 'intersection', members: [own, pin(tag)] }), new Map(), new Map());
    expect(of(true)).toEqual({ allOf: [{ type: 'object', properties: { key: { type: 'string' } }, required: ['key'] }, { required: ['type'] }] });
    expect(of(false)).toEqual({ allOf: [{ type: 'object', properties: { key: { type: 'string' } }, required: ['key'] }, { type: 'object', properties: { type: { type: 'string', enum: ['comment'] } }, required: ['type'] }] });
  });

  it('gives a later resource the same definitions from the run\'s converted schemas as a conversion of its own', () => {
    const ref = (target: string) => createSchema<RefSchema>({ kind: 'ref', target });
    const obj = (props: Record<string, SchemaNode>) => createSchema<ObjectSchema>({ kind: 'object', properties: Object.entries(props).map(([name, schema]) => ({ name, required: true, schema })) });
    const named = (name: string, schema: SchemaNode): [string, NamedSchema] => [name, { kind: 'named-schema', name, typeName: name.toUpperCase(), schema, pointer: `#/components/schemas/${name}` }];
    // a → b → a (a cycle), b → c; d extends b (`allOf`: the open variants).
    const schemas = new Map([
      named('a', obj({ b: ref('b') })),
      named('b', obj({ a: ref('a'), c: ref('c') })),
      named('c', obj({ n: createSchema<NumberSchema>({ kind: 'number', integer: false }) })),
      named('d', createSchema<IntersectionSchema>({ kind: 'intersection', members: [ref('b'), obj({ x: ref('c') })] })),
    ]);
    const converted: ConvertedSchemas = new Map();
    const first: Definitions = new Map();
    requestSchema(ref('a'), schemas, first, converted);
    for (const body of [ref('b'), ref('c'), ref('d')]) {
      const shared: Definitions = new Map();
      const own: Definitions = new Map();
      expect(requestSchema(body, schemas, shared, converted)).toEqual(requestSchema(body, schemas, own));
      expect(Object.fromEntries(shared)).toEqual(Object.fromEntries(own));
    }
    expect([...first.keys()].sort()).toEqual(['A', 'B', 'C']);
  });
});
