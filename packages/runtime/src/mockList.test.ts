import { filterItems, intParam, listAnswer, type ListSpec } from './mockList.js';

const items = Array.from({ length: 5 }, (_, i) => ({ id: String(i + 1), status: i % 2 === 0 ? 'open' : 'done' }));
const ids = (list: unknown): string[] => (list as Array<{ id: string }>).map((i) => i.id);
const get = (url: string): Request => new Request(`http://api.test${url}`);

describe('listAnswer: the envelope and the window of every pagination', () => {
  it.each<[string, ListSpec, string, unknown]>([
    ['a bare array, no paging', {}, '/things', items],
    ['page/size with total', { items: 'items', page: { mode: 'page', param: 'page', size: 'pageSize', defaultSize: 2 }, fields: [['total', 'total'], ['page', 'page'], ['pageSize', 'size']] }, '/things?page=2&pageSize=2', { items: items.slice(2, 4), total: 5, page: 2, pageSize: 2 }],
    ['page/per_page, zero-based pages', { page: { mode: 'page', param: 'page', size: 'per_page', first: 0, defaultSize: 2 } }, '/things?page=2&per_page=2', items.slice(4)],
    ['offset/limit in a data envelope with nested meta', { items: 'data', page: { mode: 'offset', param: 'offset', limit: 'limit', defaultSize: 2 }, fields: [[['meta', 'total'], 'total'], [['meta', 'hasMore'], 'hasMore']] }, '/things?offset=1&limit=3', { data: items.slice(1, 4), meta: { total: 5, hasMore: true } }],
    ['a cursor and its next cursor', { items: 'results', page: { mode: 'cursor', param: 'cursor', limit: 'limit', defaultSize: 2 }, fields: [['next', 'nextCursor', null]] }, '/things?cursor=2', { results: items.slice(2, 4), next: '4' }],
    ['a base64 cursor: read and written as base64 of the offset', { items: 'results', page: { mode: 'cursor', param: 'nextToken', defaultSize: 2, encode: 'base64' }, fields: [['nextToken', 'nextCursor']] }, `/things?nextToken=${btoa('2')}`, { results: items.slice(2, 4), nextToken: btoa('4') }],
    ['a base64 cursor that is not one starts at the first item', { items: 'results', page: { mode: 'cursor', param: 'nextToken', defaultSize: 2, encode: 'base64' }, fields: [['nextToken', 'nextCursor']] }, '/things?nextToken=%25%25', { results: items.slice(0, 2), nextToken: btoa('2') }],
    ['the last cursor page: next is null', { items: 'results', page: { mode: 'cursor', param: 'cursor', defaultSize: 2 }, fields: [['next', 'nextCursor', null]] }, '/things?cursor=4', { results: items.slice(4), next: null }],
    ['the last page leaves an optional next out', { items: 'results', page: { mode: 'cursor', param: 'cursor', defaultSize: 2 }, fields: [['next', 'nextCursor']] }, '/things?cursor=4', { results: items.slice(4) }],
    ['a next URL (links.next) and a template', { items: 'data', template: { object: 'list' }, page: { mode: 'page', param: 'page', defaultSize: 3 }, fields: [[['links', 'next'], 'nextUrl', null], ['pages', 'pages']] }, '/things?page=1', { object: 'list', data: items.slice(0, 3), links: { next: 'http://api.test/things?page=2' }, pages: 2 }],
    ['filters, then paging', { items: 'items', filters: [['status', 'status', '']], page: { mode: 'page', param: 'page', defaultSize: 2 }, fields: [['total', 'total']] }, '/things?status=open&page=2', { items: [items[4]], total: 3 }],
    ['a summary of each item', { pick: ['id'] }, '/things', items.map(({ id }) => ({ id }))],
    ['a summary with values of its own', { pick: ['id'], itemDefaults: { kind: 'thing' } }, '/things?x', items.map(({ id }) => ({ kind: 'thing', id }))],
    ['starting_after: a page starts after the item named', { items: 'data', page: { mode: 'cursor', param: 'starting_after', limit: 'limit', defaultSize: 2, after: 'id' }, fields: [['has_more', 'hasMore']] }, '/things?starting_after=2&limit=2', { data: items.slice(2, 4), has_more: true }],
    ['an item cursor\'s next cursor is the last item\'s key', { items: 'data', page: { mode: 'cursor', param: 'after', defaultSize: 2, after: 'id' }, fields: [['next', 'nextCursor', null]] }, '/things', { data: items.slice(0, 2), next: '2' }],
  ])('%s', (_name, spec, url, expected) => {
    expect(listAnswer(items, get(url), spec).body).toEqual(expected);
  });

  it('pages differ, and walking them visits every item once', () => {
    const spec: ListSpec = { items: 'items', page: { mode: 'page', param: 'page', size: 'size', defaultSize: 2 }, fields: [['total', 'total']] };
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) seen.push(...ids((listAnswer(items, get(`/x?page=${page}&size=2`), spec).body as { items: unknown }).items));
    expect(seen).toEqual(['1', '2', '3', '4', '5']);
  });

  it('sends a Link header with the next page while there is one', () => {
    const spec: ListSpec = { page: { mode: 'page', param: 'page', size: 'per_page', defaultSize: 2 }, link: true };
    expect(listAnswer(items, get('/x?page=1&per_page=2'), spec).headers).toEqual({ Link: '<http://api.test/x?page=2&per_page=2>; rel="next"' });
    expect(listAnswer(items, get('/x?page=3&per_page=2'), spec).headers).toEqual({});
  });
});

describe('intParam and filterItems', () => {
  it.each<[string, number]>([['?n=3', 3], ['?n=x', 7], ['', 7], ['?n=-2', -2]])('intParam(%s) → %d', (query, expected) => {
    expect(intParam(new URLSearchParams(query), 'n', 7)).toBe(expected);
  });
  it.each<[string, string, string[]]>([['?status=done', '', ['2', '4']], ['?status=DONE', '', ['2', '4']], ['?status=done,open', ',', ['1', '2', '3', '4', '5']], ['?status=done&status=open', '', ['1', '2', '3', '4', '5']], ['', '', ['1', '2', '3', '4', '5']]])('filterItems(%s, %j)', (query, separator, expected) => {
    expect(ids(filterItems(items, new URLSearchParams(query), [['status', 'status', separator]]))).toEqual(expected);
  });
});
