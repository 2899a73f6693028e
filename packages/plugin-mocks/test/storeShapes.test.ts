// Generated mocks of the store-shapes contract under msw/node: writes under a parent, and the parent's embedded children.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer, type SetupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { TEST_DIR, generate, transpileMocks } from './helpers.js';
import { json, send } from './http.js';

type Json = Record<string, unknown>;
const RESOURCES = ['accounts', 'blocks', 'dreps', 'following', 'menu', 'posts', 'postsComments', 'projects', 'taxes'];

describe('the store-shapes contract under msw/node', () => {
  let dir: string;
  let server: SetupServer;
  const mods: Record<string, Record<string, unknown>> = {};

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-shapes-'));
    await generate(path.join(TEST_DIR, 'fixtures/store-shapes.yaml'), dir);
    await transpileMocks(path.join(dir, 'src'), path.join(dir, 'js'));
    for (const r of RESOURCES) mods[r] = (await import(pathToFileURL(path.join(dir, `js/shared/mocks/${r}/index.js`)).href)) as Record<string, unknown>;
    server = setupServer(...RESOURCES.flatMap((r) => (mods[r]?.[`${r}Handlers`] as HttpHandler[] | undefined) ?? []));
    server.listen({ onUnhandledFrame: 'error' });
  }, 60_000);

  afterEach(() => {
    for (const m of Object.values(mods)) for (const [k, v] of Object.entries(m)) if (/^reset\w+Store$/.test(k) && typeof v === 'function') (v as () => void)();
  });

  afterAll(async () => {
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const ids = (body: unknown): unknown[] => (body as Json[]).map((c) => c.id);

  it("a child created under a parent is listed under it and not under another, and shows in the parent's detail", async () => {
    const seeded = ids((await send('http://localhost/posts/1/comments')).body);
    const created = await send('http://localhost/posts/1/comments', json('POST', { body: 'first!' }));
    expect(created.status).toBe(201);
    const id = (created.body as Json).id;
    expect(ids((await send('http://localhost/posts/1/comments')).body)).toEqual([...seeded, id]);
    expect(ids((await send('http://localhost/posts/2/comments')).body)).toEqual(seeded);
    expect((await send(`http://localhost/posts/1/comments/${String(id)}`)).status).toBe(200);
    expect((await send(`http://localhost/posts/2/comments/${String(id)}`)).status).toBe(404);
    const post = (await send('http://localhost/posts/1')).body as { comments: Json[] };
    expect(post.comments.map((c) => c.id)).toEqual([...seeded, id]);
    expect(post.comments.at(-1)).toEqual(created.body);
    expect(ids(((await send('http://localhost/posts/2')).body as { comments: Json[] }).comments)).toEqual(seeded);
    expect((await send(`http://localhost/posts/1/comments/${String(id)}`, { method: 'DELETE' })).status).toBe(204);
    expect(ids(((await send('http://localhost/posts/1')).body as { comments: Json[] }).comments)).toEqual(seeded);
  });

  it('a list and a create without a read keep a store: created items are listed, searched, deleted', async () => {
    const items = async (query = ''): Promise<Json[]> => ((await send(`http://localhost/menu${query}`)).body as { items: Json[] }).items;
    const seeded = await items();
    expect(seeded).toHaveLength(3);
    const created = await send('http://localhost/menu', json('POST', { category: 'beverage', name: 'Flat White', volume: 200 }));
    expect(created).toMatchObject({ status: 201, body: { name: 'Flat White', id: expect.stringMatching(/^prd_[0-9a-z]{8}$/) } });
    const id = (created.body as Json).id;
    expect((await items()).map((i) => i.id)).toEqual([...seeded.map((i) => i.id), id]);
    expect((await items('?search=flat%20white')).map((i) => i.id)).toEqual([id]);
    expect(await items(`?search=${encodeURIComponent(String(seeded[0]?.name))}`)).toEqual([seeded[0]]);
    expect((await send(`http://localhost/menu/${String(id)}`, { method: 'DELETE' })).status).toBe(204);
    expect((await send(`http://localhost/menu/${String(id)}`, { method: 'DELETE' })).status).toBe(404);
    expect(await items()).toEqual(seeded);
  });

  it("keys take the examples' shape: their values first, then the prefix they share, or a hex string of their length", async () => {
    const dreps = (await send('http://localhost/dreps')).body as Array<{ drep_id: string }>;
    expect(dreps.slice(0, 2).map((d) => d.drep_id)).toEqual(['drep1mvdu8slennngja7w4un6knwezufra70887zuxpprd64jxfveahn', 'drep1qqqq8slennngja7w4un6knwezufra70887zuxpprd64jxfveahq']);
    for (const d of dreps) {
      expect(d.drep_id).toMatch(/^drep1[0-9a-z]+$/);
      expect(d.drep_id).toHaveLength(dreps[0]?.drep_id.length ?? 0);
      expect((await send(`http://localhost/dreps/${d.drep_id}`)).body).toEqual(d);
    }
    expect(new Set(dreps.map((d) => d.drep_id)).size).toBe(dreps.length);
  });

  it("a key found by the path parameter's example (`{hash_or_number}` and `block_hash`): every listed block opens", async () => {
    const blocks = (await send('http://localhost/blocks')).body as Json[];
    expect(blocks).toHaveLength(3);
    for (const b of blocks) {
      expect(b.block_hash).toMatch(/^[0-9a-f]{64}$/);
      expect((await send(`http://localhost/blocks/${String(b.block_hash)}`)).body).toEqual(b);
    }
    expect((await send('http://localhost/blocks/1')).status).toBe(404);
  });

  it('reads, lists and creates holding a one-item array share one store keyed by the entity key', async () => {
    const accounts = async (): Promise<Json[]> => ((await send('http://localhost/Accounts')).body as { Accounts: Json[] }).Accounts;
    const listed = await accounts();
    expect(listed).toHaveLength(3);
    for (const a of listed) expect((await send(`http://localhost/Accounts/${String(a.AccountID)}`)).body).toEqual({ Accounts: [a] });
    const created = await send('http://localhost/Accounts', json('POST', { Accounts: [{ Name: 'Sales', Code: '200' }] }));
    expect(created).toMatchObject({ status: 200, body: { Accounts: [{ Name: 'Sales', Code: '200' }] } });
    const [made] = (created.body as { Accounts: Json[] }).Accounts;
    expect((await accounts()).map((a) => a.AccountID)).toEqual([...listed.map((a) => a.AccountID), made?.AccountID]);
    expect((await send(`http://localhost/Accounts/${String(made?.AccountID)}`)).body).toEqual({ Accounts: [made] });
  });

  it('a read answering a bare one-item array (of a fuller type) shares the list\'s store: listed, created and deleted items open or 404', async () => {
    const taxes = async (): Promise<Json[]> => (await send('http://localhost/taxes')).body as Json[];
    const listed = await taxes();
    expect(listed).toHaveLength(3);
    for (const t of listed) {
      const detail = (await send(`http://localhost/taxes/${String(t.taxCode)}`)).body as Json[];
      expect(detail).toHaveLength(1);
      expect(detail[0]).toEqual({ ...t, jurisdiction: expect.any(String) });
    }
    expect((await send('http://localhost/taxes/no-such-tax')).status).toBe(404);
    // The store assigns the key, as it does for every create.
    const created = await send('http://localhost/taxes', json('POST', { taxCode: 'NY-CITY', rate: 0.04 }));
    expect(created).toMatchObject({ status: 201, body: [{ rate: 0.04 }] });
    const [made] = created.body as Json[];
    const code = String(made?.taxCode);
    expect((await taxes()).map((t) => t.taxCode)).toEqual([...listed.map((t) => t.taxCode), code]);
    expect((await send(`http://localhost/taxes/${code}`)).body).toEqual([made]);
    expect((await send(`http://localhost/taxes/${code}`, { method: 'DELETE' })).status).toBe(204);
    expect((await send(`http://localhost/taxes/${code}`)).status).toBe(404);
    expect((await taxes()).map((t) => t.taxCode)).toEqual(listed.map((t) => t.taxCode));
  });

  it('reads whose JSON content has no schema keep a store of the wildcard content\'s shape: an unknown id answers 404', async () => {
    const projects = (await send('http://localhost/projects/')).body as Json[];
    expect(projects).toHaveLength(3);
    for (const p of projects) expect((await send(`http://localhost/projects/${String(p.id)}/`)).body).toEqual(p);
    expect((await send('http://localhost/projects/no-such-project/')).status).toBe(404);
  });

  it('a relationship: the check answers 204 or 404, a PUT adds to the list, a DELETE removes', async () => {
    const ids = async (): Promise<unknown[]> => ((await send('http://localhost/user/following')).body as Json[]).map((u) => u.id);
    const listed = await ids();
    expect(listed).toHaveLength(3);
    expect((await send(`http://localhost/user/following/${String(listed[0])}`)).status).toBe(204);
    expect((await send('http://localhost/user/following/987654321')).status).toBe(404);
    expect((await send('http://localhost/user/following/987654321', { method: 'PUT' })).status).toBe(204);
    expect((await send('http://localhost/user/following/987654321')).status).toBe(204);
    expect(await ids()).toEqual([...listed, 987654321]);
    expect((await send('http://localhost/user/following/987654321', { method: 'PUT' })).status).toBe(204);
    expect(await ids()).toEqual([...listed, 987654321]);
    expect((await send(`http://localhost/user/following/${String(listed[0])}`, { method: 'DELETE' })).status).toBe(204);
    expect((await send(`http://localhost/user/following/${String(listed[0])}`)).status).toBe(404);
    expect(await ids()).toEqual([...listed.slice(1), 987654321]);
  });
});
