// One pagination analysis for every plugin: the query parameters and the envelope of real contracts' lists.
import { createApiModel, createOperation, createResource } from '../model/factory.js';
import type { ParameterNode, PropertyNode, ResponseNode, SchemaNode } from '../model/types.js';
import { listEnvelope } from './listEnvelope.js';
import { isPagedList, listPagination, type ListPagination } from './listPagination.js';
import { getSchemaTypeNames } from './schemaTypeNames.js';
import { describeOperation } from './signature.js';

const node = (n: Record<string, unknown>): SchemaNode => ({ pointer: '#', ...n }) as unknown as SchemaNode;
const int = node({ kind: 'number', integer: true });
const str = node({ kind: 'string' });
const bool = node({ kind: 'boolean' });
const item = node({ kind: 'object', properties: [{ name: 'id', required: true, schema: str }] });
const array = node({ kind: 'array', items: item });
const prop = (name: string, schema: SchemaNode, required = false): PropertyNode => ({ name, required, schema }) as PropertyNode;
const obj = (...props: PropertyNode[]): SchemaNode => node({ kind: 'object', properties: props });
const query = (name: string, schema: SchemaNode, extra: Record<string, unknown> = {}): ParameterNode => ({ kind: 'parameter', name, in: 'query', required: false, schema: { ...schema, ...extra } as SchemaNode, style: 'form', explode: true, pointer: '#' });

/** The pagination of `GET /things` with these query parameters, response body and response headers. */
function paginationOf(params: ParameterNode[], body: SchemaNode, headers?: string[]): ListPagination {
  const response: ResponseNode = { kind: 'response', status: '200', contents: [{ mediaType: 'application/json', schema: body }], pointer: '#', ...(headers ? { headers } : {}) } as ResponseNode;
  const op = createOperation('get', '/things', { parameters: params, responses: [response] });
  const resource = createResource('things', { operations: [{ role: 'list', name: 'listThings', operationKey: op.key }] });
  const model = createApiModel({ operations: [op], resources: [resource] });
  const first = resource.operations[0];
  if (!first) throw new Error('no operation');
  return listPagination(describeOperation(model, resource, first), getSchemaTypeNames(model)).pagination;
}

describe('listPagination', () => {
  it.each<[string, ParameterNode[], SchemaNode, string[] | undefined, ListPagination]>([
    ['page/size with items and total', [query('page', int), query('pageSize', int, { default: 20 })], obj(prop('items', array), prop('total', int)), undefined,
      { mode: 'page', pageParam: 'page', pageSizeParam: 'pageSize', itemsProperty: 'items', totalProperty: 'total', defaultPageSize: 20 }],
    ['page/per_page and a Link header (a bare array)', [query('page', int), query('per_page', int)], array, ['Link'],
      { mode: 'page', pageParam: 'page', pageSizeParam: 'per_page', linkHeader: true }],
    ['pageNum/pageSize, zero-based', [query('pageNum', int, { minimum: 0 }), query('pageSize', int)], obj(prop('list', array), prop('total', int)), undefined,
      { mode: 'page', pageParam: 'pageNum', pageSizeParam: 'pageSize', itemsProperty: 'list', totalProperty: 'total', firstPage: 0 }],
    ['DRF page: count and a next link', [query('page', int), query('page_size', int)], obj(prop('count', int), prop('next', node({ kind: 'string', format: 'uri', nullable: true })), prop('results', array)), undefined,
      { mode: 'page', pageParam: 'page', pageSizeParam: 'page_size', itemsProperty: 'results', totalProperty: 'count', nextProperty: 'next' }],
    ['offset/limit with a data envelope and meta.total', [query('offset', int), query('limit', int)], obj(prop('data', array), prop('meta', obj(prop('total', int)))), undefined,
      { mode: 'offset', offsetParam: 'offset', limitParam: 'limit', itemsProperty: 'data', totalProperty: ['meta', 'total'] }],
    ['OData $skip/$top with value', [query('$skip', int), query('$top', int)], obj(prop('value', array)), undefined,
      { mode: 'offset', offsetParam: '$skip', limitParam: '$top', itemsProperty: 'value' }],
    ['cursor/next', [query('cursor', str), query('limit', int)], obj(prop('items', array), prop('next', str)), undefined,
      { mode: 'cursor', cursorParam: 'cursor', limitParam: 'limit', itemsProperty: 'items', nextCursorProperty: 'next' }],
    ['page_token/next_page_token', [query('page_token', str)], obj(prop('data', array), prop('next_page_token', str)), undefined,
      { mode: 'cursor', cursorParam: 'page_token', itemsProperty: 'data', nextCursorProperty: 'next_page_token' }],
    ['cursor in links.next, items nested in data', [query('cursor', str)], obj(prop('data', obj(prop('items', array))), prop('links', obj(prop('next', str)))), undefined,
      { mode: 'cursor', cursorParam: 'cursor', itemsProperty: ['data', 'items'], nextCursorProperty: ['links', 'next'] }],
    ['HAL _links.next.href', [query('cursor', str)], obj(prop('items', array), prop('_links', obj(prop('next', obj(prop('href', str)))))), undefined,
      { mode: 'cursor', cursorParam: 'cursor', itemsProperty: 'items', nextCursorProperty: ['_links', 'next', 'href'] }],
    ['pageInfo.endCursor and hasNextPage', [query('after', str), query('first', int)], obj(prop('nodes', array), prop('pageInfo', obj(prop('endCursor', str), prop('hasNextPage', bool)))), undefined,
      { mode: 'cursor', cursorParam: 'after', limitParam: 'first', itemsProperty: 'nodes', hasMoreProperty: ['pageInfo', 'hasNextPage'], nextCursorProperty: ['pageInfo', 'endCursor'] }],
    ['starting_after with has_more: the last item\'s id', [query('starting_after', str), query('limit', int)], obj(prop('data', array), prop('has_more', bool)), undefined,
      { mode: 'cursor', cursorParam: 'starting_after', limitParam: 'limit', itemsProperty: 'data', hasMoreProperty: 'has_more', nextCursorItemProperty: 'id' }],
    ['a cursor given only by the Link header', [query('after', str), query('per_page', int)], array, ['link'],
      { mode: 'cursor', cursorParam: 'after', limitParam: 'per_page', linkHeader: true }],
    ['a cursor with no way to find the next one is no pagination', [query('page_token', str)], obj(prop('items', array)), undefined, { mode: 'none' }],
    ['a cursor with no way to the next one gives way to page/size', [query('page', int), query('pageSize', int), query('skipToken', str)], obj(prop('items', array), prop('total', int)), undefined,
      { mode: 'page', pageParam: 'page', pageSizeParam: 'pageSize', itemsProperty: 'items', totalProperty: 'total' }],
    ['a lone limit is a filter', [query('limit', int)], array, undefined, { mode: 'none' }],
    ['pageNum/pageSize typed as strings holding numbers', [query('pageNum', str), query('pageSize', str)], obj(prop('data', array)), undefined,
      { mode: 'page', pageParam: 'pageNum', pageSizeParam: 'pageSize', itemsProperty: 'data', numericString: true }],
    ['offset/limit typed as strings, items one envelope deeper', [query('offset', str), query('limit', str)], obj(prop('result', obj(prop('items', array)))), undefined,
      { mode: 'offset', offsetParam: 'offset', limitParam: 'limit', itemsProperty: ['result', 'items'], numericString: true }],
    ['a text start (a time, not an offset) is no pagination', [query('start', str), query('limit', int)], array, undefined, { mode: 'none' }],
    ['count/page/order on a bare array', [query('count', int), query('page', int), query('order', str)], array, undefined, { mode: 'page', pageParam: 'page', pageSizeParam: 'count' }],
    ['Slack\'s cursor in response_metadata.next_cursor', [query('cursor', str), query('limit', int)], obj(prop('ok', bool), prop('resources', array), prop('response_metadata', obj(prop('next_cursor', str)))), undefined,
      { mode: 'cursor', cursorParam: 'cursor', limitParam: 'limit', itemsProperty: 'resources', nextCursorProperty: ['response_metadata', 'next_cursor'] }],
    ['the page in the body\'s only object (`{ message, playlists: { items, next, total } }`)', [query('offset', int), query('limit', int)], obj(prop('message', str), prop('playlists', obj(prop('items', array), prop('next', str), prop('total', int)))), undefined,
      { mode: 'offset', offsetParam: 'offset', limitParam: 'limit', itemsProperty: ['playlists', 'items'], totalProperty: ['playlists', 'total'], nextProperty: ['playlists', 'next'] }],
    ['the next pageToken in the body, as the parameter is named', [query('pageToken', str), query('count', int)], obj(prop('count', int), prop('pageToken', str), prop('data', array)), undefined,
      { mode: 'cursor', cursorParam: 'pageToken', limitParam: 'count', itemsProperty: 'data', nextCursorProperty: 'pageToken' }],
    ['a numeric since beside a Link header (GitHub\'s /organizations): a cursor sent as a number', [query('since', int), query('per_page', int)], array, ['Link'],
      { mode: 'cursor', cursorParam: 'since', limitParam: 'per_page', linkHeader: true, numericCursor: true }],
    ['a numeric since without a Link header is a filter', [query('since', int)], array, undefined, { mode: 'none' }],
    ['a declared response header holds the next token (visma.com\'s NextPageToken)', [query('pageToken', str), query('rowCount', int)], array, ['NextPageToken'],
      { mode: 'cursor', cursorParam: 'pageToken', nextCursorHeader: 'NextPageToken' }],
    ['the cursor\'s description names the header (files.com\'s X-Files-Cursor-Next)', [{ ...query('cursor', str), description: 'cursors are provided in the response headers `X-Files-Cursor-Next` and `X-Files-Cursor-Prev`.' }, query('per_page', int)], array, undefined,
      { mode: 'cursor', cursorParam: 'cursor', limitParam: 'per_page', nextCursorHeader: 'X-Files-Cursor-Next' }],
    ['Graph-style paging.cursors.after (two containers down), not the last item\'s id', [query('after', str), query('limit', int)], obj(prop('items', array), prop('paging', obj(prop('cursors', obj(prop('after', str)))))), undefined,
      { mode: 'cursor', cursorParam: 'after', limitParam: 'limit', itemsProperty: 'items', nextCursorProperty: ['paging', 'cursors', 'after'] }],
    ['a numeric until beside a numeric next in the body (vercel.com\'s pagination.next timestamp)', [query('limit', int), query('since', int), query('until', int)], obj(prop('teams', array), prop('pagination', obj(prop('count', int), prop('next', node({ kind: 'number', nullable: true }))))), undefined,
      { mode: 'cursor', cursorParam: 'until', limitParam: 'limit', itemsProperty: 'teams', numericCursor: true, nextCursorProperty: ['pagination', 'next'] }],
    ['a page number decides before a numeric until', [query('page', int), query('until', int)], obj(prop('items', array), prop('next', str)), undefined,
      { mode: 'page', pageParam: 'page', itemsProperty: 'items', nextProperty: 'next' }],
    ['a numeric until without a next value is a filter', [query('until', int)], obj(prop('events', array)), undefined, { mode: 'none' }],
    ['no paging parameter, only a Link header (ato.gov.au): each next page is the next URL\'s query', [query('q', str)], array, ['Link'], { mode: 'link', linkHeader: true }],
    ['no paging parameter and no Link header: no pagination', [query('q', str)], array, ['X-Total'], { mode: 'none' }],
    ['a body property decides before a header', [query('pageToken', str)], obj(prop('data', array), prop('nextPageToken', str)), ['X-Next-Page-Token'],
      { mode: 'cursor', cursorParam: 'pageToken', itemsProperty: 'data', nextCursorProperty: 'nextPageToken' }],
    ['a cursor with no header, body property or link to give the next one does not page', [{ ...query('cursor', str), description: 'The pagination cursor value.' }, query('page_size', int)], array, ['X-Rate-Limit'], { mode: 'none' }],
    ['page typed as a number or an object (`oneOf`)', [query('page', node({ kind: 'union', source: 'oneOf', variants: [int, obj(prop('number', int), prop('size', int))] })), query('per_page', int)], array, undefined,
      { mode: 'page', pageParam: 'page', pageSizeParam: 'per_page' }],
    ['starting_after over items that wrap the entity: the key inside the wrapper', [query('starting_after', str), query('limit', int)], obj(prop('data', node({ kind: 'array', items: obj(prop('data', item), prop('uri', str)) }))), undefined,
      { mode: 'cursor', cursorParam: 'starting_after', limitParam: 'limit', itemsProperty: 'data', nextCursorItemProperty: ['data', 'id'] }],
    ['starting_after over items with two wrappers and no key is no pagination', [query('starting_after', str)], obj(prop('data', node({ kind: 'array', items: obj(prop('a', item), prop('b', item)) }))), undefined, { mode: 'none' }],
  ])('%s', (_name, params, body, headers, expected) => {
    expect(paginationOf(params, body, headers)).toEqual(expected);
  });
});

describe('listEnvelope', () => {
  const names = getSchemaTypeNames(createApiModel({}));
  it('prefers the items names over other arrays, and skips a next of the wrong kind', () => {
    const env = listEnvelope(obj(prop('errors', array), prop('results', array), prop('next', obj(prop('x', str)))), names);
    expect(env).toEqual({ item, itemsProperty: 'results' });
  });
  it('without an items name, takes an array of objects before arrays of scalars (Superset\'s `ids` beside `result`)', () => {
    const strings = node({ kind: 'array', items: str });
    expect(listEnvelope(obj(prop('count', int), prop('ids', strings), prop('order_columns', strings), prop('result', array)), names)).toEqual({ item, itemsProperty: 'result', totalProperty: 'count' });
    expect(listEnvelope(obj(prop('ids', strings), prop('tags', strings)), names)).toEqual({ item: str, itemsProperty: 'ids' });
  });
  it('finds no envelope without an array', () => {
    expect(listEnvelope(obj(prop('total', int)), names)).toBeUndefined();
  });
});

describe('isPagedList', () => {
  /** `method path` with this role, these query parameters and this JSON body. */
  const signature = (method: 'get' | 'post', role: 'list' | 'summary' | 'search' | 'read', params: ParameterNode[], body: SchemaNode, mediaType = 'application/json') => {
    const response = { kind: 'response', status: '200', contents: [{ mediaType, schema: body }], pointer: '#' } as ResponseNode;
    const op = createOperation(method, '/things/{id}', { parameters: params, responses: [response] });
    const resource = createResource('things', { operations: [{ role, name: 'x', operationKey: op.key }] });
    const model = createApiModel({ operations: [op], resources: [resource] });
    const first = resource.operations[0];
    if (!first) throw new Error('no operation');
    return { s: describeOperation(model, resource, first), names: getSchemaTypeNames(model) };
  };
  const paged = (...args: Parameters<typeof signature>) => {
    const { s, names } = signature(...args);
    return isPagedList(s, names);
  };

  it.each<[string, 'get' | 'post', 'list' | 'summary' | 'search' | 'read', ParameterNode[], SchemaNode, boolean]>([
    ['a GET list with page/size', 'get', 'list', [query('page', int), query('size', int)], array, true],
    ['a summary GET that pages an array (`/pools/retired`)', 'get', 'summary', [query('count', int), query('page', int)], array, true],
    ['an item-path GET answering a paged envelope (`/files/{key}/versions`)', 'get', 'read', [query('page_token', str)], obj(prop('versions', array), prop('next_page_token', str)), true],
    ['numeric-string page parameters', 'get', 'list', [query('pageNum', str), query('pageSize', str)], obj(prop('data', array)), true],
    ['a page parameter on an answer without an array', 'get', 'summary', [query('page', int)], obj(prop('total', int)), false],
    ['an array without paging parameters', 'get', 'list', [query('limit', int)], array, false],
    ['a search by POST', 'post', 'search', [query('page', int)], array, false],
  ])('%s', (_name, method, role, params, body, expected) => {
    expect(paged(method, role, params, body)).toBe(expected);
  });

  it.each<[string, SchemaNode, boolean]>([
    ['an array answered as `*/*` (Swagger 2 without `produces`) is JSON that pages', array, true],
    ['a string answered as `*/*` is a file, no page', str, false],
  ])('%s', (_name, body, expected) => {
    expect(paged('get', 'list', [query('page', int), query('pagesize', int)], body, '*/*')).toBe(expected);
  });

  it('no operation does not page', () => {
    expect(isPagedList(undefined, getSchemaTypeNames(createApiModel({})))).toBe(false);
  });
});
