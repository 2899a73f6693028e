import { QueryClient } from '@tanstack/query-core';
import { editListData, listCacheHelpers, uriEndsWithKey, type ListShape } from './listCache.js';
import { readPath, withPath } from './paths.js';

interface Item { id: string; name: string }
const a: Item = { id: '1', name: 'a' };
const b: Item = { id: '2', name: 'b' };
const c: Item = { id: '3', name: 'c' };
const drop2 = (items: Item[]): Item[] => items.filter((i) => i.id !== '2');

describe('readPath / withPath', () => {
  it.each<[unknown, string | string[] | undefined, unknown]>([
    [{ items: [1] }, 'items', [1]],
    [{ meta: { total: 4 } }, ['meta', 'total'], 4],
    [{ 'odata.nextLink': 'x' }, 'odata.nextLink', 'x'],
    [{ meta: null }, ['meta', 'total'], undefined],
    [[1, 2], undefined, [1, 2]],
    [Object.create({ inherited: 1 }) as object, 'inherited', undefined],
  ])('readPath(%j, %j) → %j', (value, path, expected) => {
    expect(readPath(value, path)).toEqual(expected);
  });

  it('withPath copies the objects on the way and leaves the input alone', () => {
    const input = { meta: { total: 1, page: 2 }, items: [a] };
    const out = withPath(input, ['meta', 'total'], 5) as typeof input;
    expect(out).toEqual({ meta: { total: 5, page: 2 }, items: [a] });
    expect(input.meta.total).toBe(1);
    expect(out.items).toBe(input.items);
    expect(withPath({}, ['a', 'b'], 1)).toEqual({ a: { b: 1 } });
    expect(withPath({}, '__proto__', 1)).toEqual(JSON.parse('{"__proto__":1}'));
  });
});

describe('editListData: every list shape the pagination metadata describes', () => {
  it.each<[string, ListShape, unknown, unknown]>([
    ['a bare array', {}, [a, b, c], [a, c]],
    ['items and total', { items: 'items', total: 'total' }, { items: [a, b, c], total: 3 }, { items: [a, c], total: 2 }],
    ['a data envelope without total', { items: 'data' }, { data: [a, b], next: 'x' }, { data: [a], next: 'x' }],
    ['nested items and total', { items: ['data', 'items'], total: ['meta', 'total'] }, { data: { items: [b, c] }, meta: { total: 9 } }, { data: { items: [c] }, meta: { total: 8 } }],
    ['infinite pages', { items: 'items', total: 'total' }, { pages: [{ items: [a], total: 3 }, { items: [b, c], total: 3 }], pageParams: [1, 2] }, { pages: [{ items: [a], total: 2 }, { items: [c], total: 2 }], pageParams: [1, 2] }],
    ['another shape (left alone)', { items: 'items' }, { count: 1 }, { count: 1 }],
    ['no data', { items: 'items' }, undefined, undefined],
  ])('%s', (_name, shape, data, expected) => {
    expect(editListData(data, shape, drop2)).toEqual(expected);
  });

  it('adds to the first page only, and the total follows on every page', () => {
    const data = { pages: [{ items: [a], total: 2 }, { items: [b], total: 2 }], pageParams: [1, 2] };
    expect(editListData<Item>(data, { items: 'items', total: 'total' }, (items, page) => (page === 0 ? [c, ...items] : items))).toEqual({
      pages: [{ items: [c, a], total: 3 }, { items: [b], total: 3 }],
      pageParams: [1, 2],
    });
  });
});

describe('listCacheHelpers against a QueryClient', () => {
  const keys = { lists: () => ['things', 'list'] as const, detail: (id: string) => ['things', 'detail', id] as const };
  const cache = listCacheHelpers<Item, Item>({ lists: keys.lists, items: 'items', total: 'total', key: 'id' });
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient();
    client.setQueryData([...keys.lists(), { page: 1 }], { items: [a, b], total: 2 });
    client.setQueryData([...keys.lists(), 'infinite', {}], { pages: [{ items: [a, b], total: 2 }], pageParams: [1] });
    client.setQueryData(['other'], { items: [a], total: 1 });
    client.setQueryData(keys.detail('1'), a);
  });

  it('updateInLists, removeFromLists and addToLists reach every list under the prefix and no other query', () => {
    cache.updateInLists(client, 1, (item) => ({ ...item, name: 'A' }));
    cache.removeFromLists(client, '2');
    cache.addToLists(client, c);
    expect(client.getQueryData([...keys.lists(), { page: 1 }])).toEqual({ items: [c, { id: '1', name: 'A' }], total: 2 });
    expect(client.getQueryData([...keys.lists(), 'infinite', {}])).toEqual({ pages: [{ items: [c, { id: '1', name: 'A' }], total: 2 }], pageParams: [1] });
    expect(client.getQueryData(['other'])).toEqual({ items: [a], total: 1 });
  });

  it('setDetail takes a value or an updater; snapshot and restore roll an edit back', async () => {
    const snapshot = await cache.snapshot(client, [keys.detail('1'), keys.lists()]);
    cache.setDetail(client, keys.detail('1'), (old) => (old ? { ...old, name: 'changed' } : old));
    cache.removeFromLists(client, '1');
    expect(client.getQueryData(keys.detail('1'))).toEqual({ id: '1', name: 'changed' });
    cache.restore(client, snapshot);
    expect(client.getQueryData(keys.detail('1'))).toEqual(a);
    expect(client.getQueryData([...keys.lists(), { page: 1 }])).toEqual({ items: [a, b], total: 2 });
  });
});

describe('patchDetail under a key prefix (a read with required parameters)', () => {
  it('patches every cached detail of the item, whatever its parameters, and no other item', () => {
    const client = new QueryClient();
    const cache = listCacheHelpers<Item, Item>({ lists: () => ['things', 'list'], key: 'id' });
    client.setQueryData(['things', 'detail', '1', { version: 'v1' }], a);
    client.setQueryData(['things', 'detail', '1', { version: 'v2' }], a);
    client.setQueryData(['things', 'detail', '2', { version: 'v1' }], b);
    cache.patchDetail(client, ['things', 'detail', '1'], { name: 'renamed' });
    expect(client.getQueryData(['things', 'detail', '1', { version: 'v1' }])).toEqual({ id: '1', name: 'renamed' });
    expect(client.getQueryData(['things', 'detail', '1', { version: 'v2' }])).toEqual({ id: '1', name: 'renamed' });
    expect(client.getQueryData(['things', 'detail', '2', { version: 'v1' }])).toBe(b);
  });
});

describe('an item keyed by its own URI (`uri: "/videos/123"`, HAL\'s `_links.self.href`)', () => {
  it.each<[unknown, string, string, boolean]>([
    ['/videos/123', 'videos', '123', true],
    ['https://api.example.com/users/7/videos/123/', 'videos', '123', true],
    ['/videos/123?fields=uri#top', 'videos', '123', true],
    ['/files/a%20b', 'files', 'a b', true],
    ['/contents/dir/a.txt', 'contents', 'dir/a.txt', true],
    ['/contents/other/a.txt', 'contents', 'a.txt', false],
    ['/files/%E0%A4%A', 'files', '%E0%A4%A', true],
    ['/albums/123', 'videos', '123', false],
    ['/videos/1234', 'videos', '234', false],
    ['/videos/123/comments', 'videos', '123', false],
    ['/things/5', '', '5', true],
    ['/videos/', 'videos', '', false],
    ['123', 'videos', '123', false],
    [123, 'videos', '123', false],
    [undefined, '', 'undefined', false],
  ])('uriEndsWithKey(%j, %j, %j) → %j', (uri, segment, key, expected) => {
    expect(uriEndsWithKey(uri, segment, key)).toBe(expected);
  });

  interface Video { uri: string; name: string }
  const v1: Video = { uri: '/videos/1', name: 'one' };
  const v12: Video = { uri: '/videos/12', name: 'twelve' };
  const v21: Video = { uri: '/users/1/videos/21', name: 'twenty-one' };

  it('updates and removes the item whose URI ends in the segment and the id, and no item whose URI only contains it', () => {
    const client = new QueryClient();
    const cache = listCacheHelpers<Video, Video>({ lists: () => ['videos', 'list'], items: 'data', total: 'total', key: 'uri', keyFromUri: 'videos' });
    client.setQueryData(['videos', 'list', {}], { data: [v1, v12, v21], total: 3 });
    client.setQueryData(['videos', 'list', 'infinite', {}], { pages: [{ data: [v1], total: 3 }, { data: [v12, v21], total: 3 }], pageParams: [1, 2] });
    cache.updateInLists(client, 1, (video) => ({ ...video, name: 'ONE' }));
    cache.removeFromLists(client, '12');
    expect(client.getQueryData(['videos', 'list', {}])).toEqual({ data: [{ uri: '/videos/1', name: 'ONE' }, v21], total: 2 });
    expect(client.getQueryData(['videos', 'list', 'infinite', {}])).toEqual({ pages: [{ data: [{ uri: '/videos/1', name: 'ONE' }], total: 2 }, { data: [v21], total: 2 }], pageParams: [1, 2] });
  });

  it('reads the URI down a path (`_links.self.href`); an item without one is never matched', () => {
    const client = new QueryClient();
    const cache = listCacheHelpers<object, object>({ lists: () => ['things', 'list'], key: ['_links', 'self', 'href'], keyFromUri: 'things' });
    const linked = { name: 'a', _links: { self: { href: 'https://x.test/things/5' } } };
    client.setQueryData(['things', 'list'], [linked, { name: 'no links' }, { name: 'b', _links: { self: { href: '/things/6' } } }]);
    cache.removeFromLists(client, 6);
    cache.removeFromLists(client, 'undefined');
    expect(client.getQueryData(['things', 'list'])).toEqual([linked, { name: 'no links' }]);
  });
});

describe('a list of bare keys (`{ clusters: ["a", "b"] }`, `key: []`: each item is its own key)', () => {
  it('removes the deleted key from every cached list and page, and leaves the others', () => {
    const client = new QueryClient();
    const cache = listCacheHelpers<string, object>({ lists: () => ['clusters', 'list'], items: 'clusters', key: [] });
    client.setQueryData(['clusters', 'list', {}], { clusters: ['a', 'b', 'ab'] });
    client.setQueryData(['clusters', 'list', 'infinite', {}], { pages: [{ clusters: ['a'] }, { clusters: ['b', 'ab'] }], pageParams: [undefined, 't1'] });
    cache.removeFromLists(client, 'b');
    expect(client.getQueryData(['clusters', 'list', {}])).toEqual({ clusters: ['a', 'ab'] });
    expect(client.getQueryData(['clusters', 'list', 'infinite', {}])).toEqual({ pages: [{ clusters: ['a'] }, { clusters: ['ab'] }], pageParams: [undefined, 't1'] });
  });
});
