// The list contract where the store does not reach, under msw/node (fixtures/list-contract.yaml): a list without a
// store filters, searches and sorts its fixture's items; an offset cursor the contract types as base64 is base64.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer, type SetupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { TEST_DIR, generate, transpileMocks } from './helpers.js';
import { send } from './http.js';

type Json = Record<string, unknown>;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

describe('the list contract of lists without a store, and base64 cursors', () => {
  let dir: string;
  let server: SetupServer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-list-contract-'));
    await generate(path.join(TEST_DIR, 'fixtures/list-contract.yaml'), dir);
    await transpileMocks(path.join(dir, 'src'), path.join(dir, 'js'));
    const load = async (r: string) => (await import(pathToFileURL(path.join(dir, `js/shared/mocks/${r}/index.js`)).href) as Record<string, HttpHandler[]>)[`${r}Handlers`] ?? [];
    server = setupServer(...(await load('menu')), ...(await load('reports')));
    server.listen({ onUnhandledFrame: 'error' });
  }, 60_000);

  afterAll(async () => {
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const menu = async (query = ''): Promise<Json[]> => (await send(`http://localhost/menu${query}`)).body as Json[];
  const names = (items: Json[]): string[] => items.map((i) => String(i['name']));

  it('a fixture list (no read, no store) honours its free text, equality filter and sort', async () => {
    const all = await menu();
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all[0]).toEqual({ name: 'Espresso', category: 'coffee', price: 3 });
    const second = String(all[1]?.['name']);
    expect(names(await menu(`?search=${encodeURIComponent(second.slice(1, 5).toUpperCase())}`))).toEqual(names(all.filter((i) => String(i['name']).toLowerCase().includes(second.slice(1, 5).toLowerCase()) || String(i['category']).toLowerCase().includes(second.slice(1, 5).toLowerCase()))));
    expect(names(await menu('?search=espresso'))).toEqual(['Espresso']);
    expect(names(await menu('?category=COFFEE'))).toEqual(names(all.filter((i) => i['category'] === 'coffee')));
    expect(names(await menu('?sort=name'))).toEqual(names(all).sort());
    expect((await menu('?sort=-price')).map((i) => i['price'])).toEqual(all.map((i) => i['price']).sort((a, b) => Number(b) - Number(a)));
  });

  it('pages with a base64 cursor where the contract types the token as base64, and the pages end', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = (await send(`http://localhost/reports?maxResults=1${token ? `&nextToken=${encodeURIComponent(token)}` : ''}`)).body as { reports: Json[]; nextToken?: string };
      seen.push(...page.reports.map((r) => String(r['reportId'])));
      token = page.nextToken;
      if (token === undefined) break;
      expect(token).toMatch(BASE64);
    }
    expect(token).toBeUndefined();
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('a `type: number, format: int32` property holds integers', async () => {
    const page = (await send('http://localhost/reports?maxResults=100')).body as { reports: Json[] };
    expect(page.reports.length).toBeGreaterThan(0);
    expect(page.reports.map((r) => r['count'])).toEqual([1, 2, 3]);
  });

  it('OData\'s `$orderby` sorts (`title desc`)', async () => {
    const titles = async (query: string): Promise<string[]> => ((await send(`http://localhost/reports?maxResults=100${query}`)).body as { reports: Json[] }).reports.map((r) => String(r['title']));
    const all = await titles('');
    expect(await titles(`&$orderby=${encodeURIComponent('title desc')}`)).toEqual([...all].sort().reverse());
  });
});
