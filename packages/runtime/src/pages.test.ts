import type { CursorPagination, OffsetPagination, PagePagination } from './meta.js';
import { cursorOf, nextCursorParam, nextLink, nextLinkQuery, nextPageParam, withHeaders } from './pages.js';

const items = (n: number): Array<{ id: string }> => Array.from({ length: n }, (_, i) => ({ id: `i${i}` }));

describe('nextPageParam (page and offset lists)', () => {
  const page: PagePagination = { mode: 'page', pageParam: 'page', itemsProperty: 'items', totalProperty: 'total' };
  it.each<[string, PagePagination | OffsetPagination, unknown, unknown[], number, number | undefined]>([
    ['page with a total: more to load', page, { items: items(2), total: 5 }, [{ items: items(2) }], 1, 2],
    ['page with a total: all loaded', page, { items: items(1), total: 3 }, [{ items: items(2) }, { items: items(1) }], 2, undefined],
    ['an empty page ends', page, { items: [], total: 9 }, [{ items: [] }], 1, undefined],
    ['no total: next until an empty page', { mode: 'page', pageParam: 'p' }, items(3), [items(3)], 4, 5],
    ['a has-more flag decides first', { ...page, hasMoreProperty: ['meta', 'more'] }, { items: items(2), total: 99, meta: { more: false } }, [], 1, undefined],
    ['a null next link ends', { mode: 'page', pageParam: 'page', itemsProperty: 'results', nextProperty: 'next' }, { results: items(1), next: null }, [], 3, undefined],
    ['a next link goes on', { mode: 'page', pageParam: 'page', itemsProperty: 'results', nextProperty: 'next' }, { results: items(1), next: '/x?page=4' }, [], 3, 4],
    ['offset steps by the items received', { mode: 'offset', offsetParam: 'offset', itemsProperty: 'data', totalProperty: 'count' }, { data: items(3), count: 10 }, [{ data: items(3) }], 6, 9],
    ['offset reaching the count ends', { mode: 'offset', offsetParam: 'offset', itemsProperty: 'data', totalProperty: 'count' }, { data: items(2), count: 5 }, [{ data: items(3) }, { data: items(2) }], 3, undefined],
  ])('%s', (_name, pagination, last, all, param, expected) => {
    expect(nextPageParam(pagination)(last, all, param)).toBe(expected);
  });
});

describe('nextCursorParam (cursor lists)', () => {
  const body: CursorPagination = { mode: 'cursor', cursorParam: 'cursor', itemsProperty: 'items', nextCursorProperty: 'nextCursor', hasMoreProperty: 'hasMore' };
  it.each<[string, CursorPagination, unknown, string | undefined, string | undefined]>([
    ['the body gives the cursor', body, { items: items(1), nextCursor: 'c2', hasMore: true }, undefined, 'c2'],
    ['has-more false ends', body, { items: items(1), nextCursor: 'c2', hasMore: false }, undefined, undefined],
    ['an empty cursor ends', body, { items: items(1), nextCursor: '' }, 'c1', undefined],
    ['the same cursor again ends (no loop)', body, { items: items(1), nextCursor: 'c1' }, 'c1', undefined],
    ['a next URL carries the cursor', { mode: 'cursor', cursorParam: 'page_token', nextCursorProperty: ['links', 'next'] }, { links: { next: 'https://api.test/v1/x?page_token=t3&limit=2' } }, undefined, 't3'],
    ['a relative next URL', { mode: 'cursor', cursorParam: 'after', nextCursorProperty: 'next' }, { next: '/v1/x?after=9' }, undefined, '9'],
    ['the last item\'s key (starting_after)', { mode: 'cursor', cursorParam: 'starting_after', itemsProperty: 'data', nextCursorItemProperty: 'id', hasMoreProperty: 'has_more' }, { data: items(3), has_more: true }, undefined, 'i2'],
    ['the key inside the last item\'s wrapper (`{ data: { id } }`)', { mode: 'cursor', cursorParam: 'starting_after', itemsProperty: 'data', nextCursorItemProperty: ['data', 'id'] }, { data: [{ data: { id: 'a' } }, { data: { id: 'b' } }] }, undefined, 'b'],
    ['no item to take a key from', { mode: 'cursor', cursorParam: 'starting_after', itemsProperty: 'data', nextCursorItemProperty: 'id' }, { data: [] }, 'i2', undefined],
  ])('%s', (_name, pagination, last, param, expected) => {
    expect(nextCursorParam(pagination)(last, [], param)).toBe(expected);
  });

  it('reads the next cursor of a Link header through withHeaders', () => {
    const pagination: CursorPagination = { mode: 'cursor', cursorParam: 'after', linkHeader: true };
    const response = new Response('[]', { headers: { Link: '<https://api.test/x?after=Y2&per_page=2>; rel="next", <https://api.test/x?before=A>; rel="prev"' } });
    const data = withHeaders({ data: [{ id: 1 }], response, fileName: undefined });
    expect(nextCursorParam(pagination)(data, [data], undefined)).toBe('Y2');
    const last = withHeaders({ data: [{ id: 2 }], response: new Response('[]'), fileName: undefined });
    expect(nextCursorParam(pagination)(last, [data, last], 'Y2')).toBeUndefined();
  });
});

describe('nextCursorParam reads a header holding the next cursor', () => {
  it('goes on while the header comes and ends on the page without it', () => {
    const pagination: CursorPagination = { mode: 'cursor', cursorParam: 'pageToken', nextCursorHeader: 'NextPageToken' };
    const first = withHeaders({ data: items(2), response: new Response('[]', { headers: { NextPageToken: 't2' } }), fileName: undefined });
    expect(nextCursorParam(pagination)(first, [first], undefined)).toBe('t2');
    const last = withHeaders({ data: items(1), response: new Response('[]'), fileName: undefined });
    expect(nextCursorParam(pagination)(last, [first, last], 't2')).toBeUndefined();
  });
});

describe('nextLinkQuery (no paging parameter, only a Link header)', () => {
  const page = (data: unknown[], link?: string) => withHeaders({ data, response: new Response('[]', link ? { headers: { Link: link } } : {}), fileName: undefined });
  it('gives the next URL\'s query until no next link comes, an empty page or the same query again', () => {
    const next = nextLinkQuery({ mode: 'link', linkHeader: true });
    const first = page(items(2), '<https://api.abr.ato.gov.au/individuals?page=2>; rel="next", <https://api.abr.ato.gov.au/individuals?page=34>; rel="last"');
    expect(next(first, [first], undefined)).toBe('page=2');
    expect(next(page(items(2), '</individuals?page=2>; rel="next"'), [], 'page=2')).toBeUndefined();
    expect(next(page([], '</individuals?page=3>; rel="next"'), [], 'page=2')).toBeUndefined();
    expect(next(page(items(1)), [], 'page=33')).toBeUndefined();
  });
});

describe('the last page ends: on a short page, when no next cursor or link comes, or when the total is reached', () => {
  const bare: PagePagination = { mode: 'page', pageParam: 'page', pageSizeParam: 'count' };
  const offset: OffsetPagination = { mode: 'offset', offsetParam: 'offset', limitParam: 'limit', itemsProperty: 'data', defaultLimit: 3 };
  it.each<[string, PagePagination | OffsetPagination, unknown, unknown, number, number | undefined]>([
    ['a short page (2 of the 3 asked for) ends', bare, 3, items(2), 1, undefined],
    ['a full page goes on', bare, 3, items(3), 1, 2],
    ['a size given as a string holding a number', bare, '3', items(2), 1, undefined],
    ['no size asked for, none by default: only an empty page ends', bare, undefined, items(2), 1, 2],
    ['the parameter\'s default is the size when none is asked for', offset, undefined, { data: items(2) }, 3, undefined],
    ['a full page at the default goes on', offset, undefined, { data: items(3) }, 3, 6],
    ['a total decides before the size (a short page below the total goes on)', { ...bare, totalProperty: 'total', itemsProperty: 'items' }, 3, { items: items(2), total: 10 }, 1, 2],
    ['a next link decides before the size', { ...bare, nextProperty: 'next', itemsProperty: 'items' }, 3, { items: items(2), next: '/x?page=2' }, 1, 2],
  ])('%s', (_name, pagination, size, last, param, expected) => {
    expect(nextPageParam(pagination, size)(last, [last], param)).toBe(expected);
  });

  const byItem: CursorPagination = { mode: 'cursor', cursorParam: 'starting_after', itemsProperty: 'data', nextCursorItemProperty: 'id', limitParam: 'limit' };
  it.each<[string, CursorPagination, unknown, unknown, unknown[], string | undefined]>([
    ['an item cursor ends on a short page', byItem, 3, { data: items(2) }, [], undefined],
    ['an item cursor goes on after a full page', byItem, 3, { data: items(3) }, [], 'i2'],
    ['a cursor list ends when the total is reached', { mode: 'cursor', cursorParam: 'cursor', itemsProperty: 'items', nextCursorProperty: 'next', totalProperty: 'total' }, undefined, { items: items(2), next: 'c3', total: 4 }, [{ items: items(2) }, { items: items(2) }], undefined],
    ['below the total a cursor list goes on', { mode: 'cursor', cursorParam: 'cursor', itemsProperty: 'items', nextCursorProperty: 'next', totalProperty: 'total' }, undefined, { items: items(2), next: 'c3', total: 5 }, [{ items: items(2) }, { items: items(2) }], 'c3'],
    ['no next cursor comes: the end', { mode: 'cursor', cursorParam: 'cursor', itemsProperty: 'items', nextCursorProperty: 'next' }, 3, { items: items(3) }, [], undefined],
  ])('%s', (_name, pagination, size, last, all, expected) => {
    expect(nextCursorParam(pagination, size)(last, all, undefined)).toBe(expected);
  });
});

describe('cursorOf and nextLink', () => {
  it.each<[unknown, string | undefined]>([['abc', 'abc'], [12, '12'], ['?cursor=z', 'z'], ['https://x.test/a?b=1', undefined], [null, undefined], ['', undefined]])('cursorOf(%j) → %j', (value, expected) => {
    expect(cursorOf(value, 'cursor')).toBe(expected);
  });
  it.each<[string | null, string | undefined]>([
    ['<https://a.test/?page=2>; rel="next"', 'https://a.test/?page=2'],
    ['<https://a.test/?page=1>; rel="prev", <https://a.test/?page=3>; rel="next last"', 'https://a.test/?page=3'],
    ['<https://a.test/?page=1>; rel=prev', undefined],
    ['<https://a.test/?a=1,2>; rel=next', 'https://a.test/?a=1,2'],
    [null, undefined],
  ])('nextLink(%j) → %j', (header, expected) => {
    expect(nextLink(header)).toBe(expected);
  });
});
