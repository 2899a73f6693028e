import path from 'node:path';
import { TEST_DIR, serveMocks } from './helpers.js';
import { json, send } from './http.js';

// A listed item opens its detail by a key it carries (fixtures/listed-keys.yaml): a list of summaries without the
// detail's key, a `{key_id}` of an entity carrying `uuid` and `key`, an entity with no id but a `name`, a keyless read beside keyed list items, and a read beside a
// "list" of strings.

type Json = Record<string, unknown>;
const BASE = 'http://localhost';
const get = (route: string): ReturnType<typeof send> => send(`${BASE}${route}`);

describe('stores keyed by a property the list carries, under msw/node', () => {
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ close } = await serveMocks(path.join(TEST_DIR, 'fixtures/listed-keys.yaml')));
  }, 60_000);
  afterAll(async () => close?.());

  it('every listed integration summary opens its detail by its `Name`, not by the detail-only `Id`', async () => {
    const list = ((await get('/integrations')).body as { Integrations: Json[] }).Integrations;
    expect(list.length).toBeGreaterThan(1);
    for (const item of list) {
      const detail = await get(`/integrations/${encodeURIComponent(String(item['Name']))}`);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject(item);
      expect((await get(`/integrations/${String((detail.body as Json)['Id'])}`)).status).toBe(404);
    }
  });

  it('a created integration is listed by its name, opens, and leaves the list when deleted', async () => {
    const res = await send(`${BASE}/integrations`, json('POST', { Name: 'orders', Description: 'd' }));
    expect(res.status).toBe(200);
    const name = String((res.body as Json)['Name']);
    const names = async (): Promise<unknown[]> => ((await get('/integrations')).body as { Integrations: Json[] }).Integrations.map((i) => i['Name']);
    expect(await names()).toContain(name);
    expect((await get(`/integrations/${encodeURIComponent(name)}`)).body).toMatchObject({ Name: name, Description: 'd' });
    expect((await send(`${BASE}/integrations/${encodeURIComponent(name)}`, { method: 'DELETE' })).status).toBe(200);
    expect(await names()).not.toContain(name);
  });

  it.each([
    ['/keys', 'uuid', 'key'],
    ['/changes', 'name', undefined],
  ])('%s open their detail by `%s`', async (route, key, other) => {
    const list = ((await get(route)).body as { values: Json[] }).values;
    expect(list.length).toBeGreaterThan(1);
    for (const item of list) {
      expect((await get(`${route}/${encodeURIComponent(String(item[key]))}`)).body).toEqual(item);
      if (other) expect((await get(`${route}/${encodeURIComponent(String(item[other]))}`)).status).toBe(404);
    }
  });

  it('listed members (read as `{ name }`, which carries no key) keep their distinct ids and open a detail', async () => {
    const list = (await get('/members')).body as Json[];
    expect(list.length).toBeGreaterThan(1);
    expect(new Set(list.map((m) => m['id'])).size).toBe(list.length);
    for (const item of list) expect((await get(`/members/${encodeURIComponent(String(item['id']))}`)).status).toBe(200);
  });

  it('listed attachments (a `name`, no id) open by their name under `{path}`, not by position, and a delete removes one', async () => {
    const names = ((await get('/attachments')).body as Json[]).map((a) => String(a['name']));
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) expect((await get(`/attachments/${encodeURIComponent(name)}`)).status).not.toBe(404);
    expect((await get('/attachments/1')).status).toBe(404);
    expect((await send(`${BASE}/attachments/${encodeURIComponent(names[0] ?? '')}`, { method: 'DELETE' })).status).toBe(204);
    expect((await get(`/attachments/${encodeURIComponent(names[0] ?? '')}`)).status).toBe(404);
    expect(((await get('/attachments')).body as Json[]).map((a) => a['name'])).toEqual(names.slice(1));
  });

  it('a bare list of template names lists the stored templates: each opens, a created one is listed, a deleted one leaves', async () => {
    const names = (await get('/templates')).body as string[];
    expect(names.length).toBeGreaterThan(1);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect((await get(`/templates/${encodeURIComponent(name)}`)).body).toMatchObject({ name });
    expect((await get('/templates/no-such-template')).status).toBe(404);
    expect((await send(`${BASE}/templates`, json('POST', { name: 'Node', source: 'node_modules/' }))).status).toBe(201);
    expect((await get('/templates')).body).toEqual([...names, 'Node']);
    expect((await get('/templates/Node')).body).toEqual({ name: 'Node', source: 'node_modules/' });
    expect((await send(`${BASE}/templates/${encodeURIComponent(names[0] ?? '')}`, { method: 'DELETE' })).status).toBe(204);
    expect((await get('/templates')).body).toEqual([...names.slice(1), 'Node']);
    // A name already stored is not overwritten: the created template gets a new one.
    const before = (await get('/templates/Node')).body;
    const again = await send(`${BASE}/templates`, json('POST', { name: 'Node', source: 'other' }));
    expect(again.status).toBe(201);
    expect((again.body as Json)['name']).not.toBe('Node');
    expect((await get('/templates/Node')).body).toEqual(before);
  });

  it('a record (read by a string `id`, beside a "list" of strings) is stored: created, read, deleted', async () => {
    const res = await send(`${BASE}/types/t1`, json('POST', { title: 'first' }));
    expect(res.status).toBe(201);
    const id = String((res.body as Json)['id']);
    expect((await get(`/types/t1/${encodeURIComponent(id)}`)).body).toEqual({ id, title: 'first' });
    expect((await send(`${BASE}/types/t1/${encodeURIComponent(id)}`, { method: 'DELETE' })).status).toBe(204);
    expect((await get(`/types/t1/${encodeURIComponent(id)}`)).status).toBe(404);
  });
});
