import type { NamedSchema, ParameterNode, PropertyNode, SchemaNode } from '@reslayer/core';
import { camelCase } from '@reslayer/core';
import type { OperationSignature, SchemaTypeNames } from '@reslayer/plugin-client';
import { deref, objectView, sameType, sampling } from './schemaView.js';
import { sampleValue } from './sample.js';

/** How the list handler reads the page window from the query string. */
export type Pagination =
  | { kind: 'page'; page: string; size?: string; first: number; defaultPage: number; defaultSize: number }
  | { kind: 'offset'; offset: string; limit?: string; defaultSize: number }
  | { kind: 'cursor'; cursor: string; limit?: string; defaultSize: number }
  | { kind: 'none' };

/** One property of the list response's page object and the expression that fills it. */
export interface PageField {
  name: string;
  /** TypeScript expression (uses `items`, `all`, `start`, `size`, `page`, `next`); without one, `sample` is printed. */
  expr?: string;
  /** Sample value of a required property that has no expression. */
  sample?: unknown;
  /** How an expression of type `string | undefined` (a cursor) is fitted to the property. */
  fit?: 'nullable' | 'optional' | 'required';
}

/** The list operation served from the store. */
export interface ListPlan {
  /** `array`: the response is the item array; `page`: an object holding it. */
  shape: 'array' | 'page';
  pagination: Pagination;
  fields: PageField[];
  /** Query parameters named like a scalar entity property: `[query name, property, list separator]`. */
  filters: Array<[string, string, string]>;
}

/** Facts about the entity of a store-backed CRUD resource. */
export interface EntityFacts {
  schema: SchemaNode;
  props: PropertyNode[];
  keyProperty?: string;
  keyKind: 'uuid' | 'string' | 'number' | 'none';
  /** The key and readOnly properties: a payload cannot change them. */
  serverFields: string[];
}

const PAGE = ['page', 'pageNumber', 'page_number', 'pageIndex', 'page_index', 'pageNo'];
const SIZE = ['pageSize', 'page_size', 'perPage', 'per_page', 'size', 'limit', 'pageLimit', 'page_limit'];
const OFFSET = ['offset', 'skip', 'start'];
const LIMIT = ['limit', 'take', 'count', 'pageSize', 'page_size', 'size', 'perPage', 'per_page', 'maxResults', 'max_results'];
const CURSOR = ['cursor', 'after', 'pageToken', 'page_token', 'startingAfter', 'starting_after', 'continuationToken', 'nextToken'];
const TOTAL = ['total', 'totalCount', 'total_count', 'totalItems', 'total_items', 'totalElements', 'total_elements', 'totalResults', 'total_results', 'count', 'totalSize', 'total_size'];
const PAGES = ['totalPages', 'total_pages', 'pageCount', 'page_count', 'pages'];
const MORE = ['hasMore', 'has_more', 'hasNext', 'has_next', 'hasNextPage', 'has_next_page', 'more'];
const PREVIOUS = ['hasPrevious', 'has_previous', 'hasPrev', 'has_prev', 'hasPreviousPage', 'has_previous_page'];
const NEXT = ['nextCursor', 'next_cursor', 'cursor', 'nextPageToken', 'next_page_token', 'nextToken', 'next_token', 'endCursor', 'end_cursor', 'continuationToken'];

/**
 * The entity facts of a read operation, or undefined when its response is not a single non-null object type.
 * @param read signature of the CRUD read operation
 * @param keyParam name of the path parameter that identifies an item
 */
export function entityFacts(read: OperationSignature, keyParam: string, names: SchemaTypeNames, entity: string): EntityFacts | undefined {
  const schema = read.response.content?.schema;
  if (read.response.responseType !== 'json' || !schema) return undefined;
  const bodies = read.response.responses.flatMap((r) => (r.contents[0] ? [r.contents[0].schema] : []));
  const view = objectView(schema, names);
  if (!bodies.every((b) => sameType(b, schema, names)) || !view || view.nullable || view.props.length === 0) return undefined;
  const props = view.props;
  const key = [keyParam, 'id', `${camelCase(entity)}Id`].map((n) => props.find((p) => p.name === n && p.required)).find((p) => p !== undefined);
  const k = key && deref(key.schema, names.byName);
  const keyKind = k?.kind === 'string' && !k.enum?.length && !k.nullable && k.format !== 'binary' ? (k.format === 'uuid' ? 'uuid' : 'string')
    : k?.kind === 'number' && !k.enum?.length && !k.nullable ? 'number' : 'none';
  const keyProperty = keyKind === 'none' ? undefined : key?.name;
  const serverFields = [...new Set([...(keyProperty ? [keyProperty] : []), ...props.filter((p) => p.schema.readOnly).map((p) => p.name)])].sort();
  return { schema, props, keyKind, serverFields, ...(keyProperty ? { keyProperty } : {}) };
}

/**
 * The list plan: response shape, pagination parameters, page fields and filters; undefined when
 * the list response does not hold the entity (an array of it, or an object with such an array).
 */
export function listPlan(list: OperationSignature, entity: EntityFacts, names: SchemaTypeNames): ListPlan | undefined {
  const schema = list.response.content?.schema;
  if (list.response.responseType !== 'json' || !schema || list.response.responses.filter((r) => r.contents.length > 0).length !== 1) return undefined;
  const query = list.node.parameters.filter((p) => p.in === 'query');
  const pagination = paginationOf(query, names.byName);
  const filters = filtersOf(query, entity, pagination, names.byName);
  const holdsEntity = (node: SchemaNode) => {
    const n = deref(node, names.byName);
    return n?.kind === 'array' && sameType(n.items, entity.schema, names) && !(node.nullable || n.nullable);
  };
  if (holdsEntity(schema)) return { shape: 'array', pagination, fields: [], filters };
  const view = objectView(schema, names);
  const itemsProp = view?.props.find((p) => holdsEntity(p.schema));
  if (!view || !itemsProp) return undefined;
  const fields = view.props.flatMap((p): PageField[] => {
    if (p === itemsProp) return [{ name: p.name, expr: 'items' }];
    const n = deref(p.schema, names.byName);
    const expr = n ? fieldExpr(p.name, n, pagination) : undefined;
    if (expr === 'next') return [{ name: p.name, expr, fit: p.schema.nullable || n?.nullable ? 'nullable' : p.required ? 'required' : 'optional' }];
    if (expr) return [{ name: p.name, expr }];
    return p.required ? [{ name: p.name, sample: sampleValue(p.schema, { ...sampling(names), name: p.name }) }] : [];
  });
  return { shape: 'page', pagination, fields, filters };
}

function fieldExpr(name: string, n: SchemaNode, pagination: Pagination): string | undefined {
  if (n.kind === 'number' && !n.enum?.length) {
    if (TOTAL.includes(name)) return 'all.length';
    if (PAGES.includes(name)) return 'Math.ceil(all.length / size)';
    if (PAGE.includes(name)) return pagination.kind === 'page' ? 'page' : `Math.floor(start / size) + 1`;
    if (SIZE.includes(name) || LIMIT.includes(name)) return 'size';
    if (OFFSET.includes(name)) return 'start';
  }
  if (n.kind === 'boolean' && !n.enum?.length) {
    if (MORE.includes(name)) return 'start + size < all.length';
    if (PREVIOUS.includes(name)) return 'start > 0';
  }
  if (n.kind === 'string' && !n.enum?.length && !n.format && pagination.kind === 'cursor' && NEXT.includes(name)) return 'next';
  return undefined;
}

const numberParam = (params: ParameterNode[], names: string[], byName: ReadonlyMap<string, NamedSchema>) =>
  names.map((n) => params.find((p) => p.name === n && deref(p.schema, byName)?.kind === 'number')).find((p) => p !== undefined);

function numberDefault(p: ParameterNode | undefined, byName: ReadonlyMap<string, NamedSchema>, fallback: number): number {
  const n = p && deref(p.schema, byName);
  if (n?.kind !== 'number') return fallback;
  const d = typeof p?.schema.default === 'number' ? p.schema.default : typeof n.default === 'number' ? n.default : undefined;
  if (d !== undefined && Number.isInteger(d) && d > 0) return d;
  return n.maximum !== undefined && n.maximum >= 1 ? Math.min(fallback, Math.floor(n.maximum)) : fallback;
}

function paginationOf(query: ParameterNode[], byName: ReadonlyMap<string, NamedSchema>): Pagination {
  const page = numberParam(query, PAGE, byName);
  if (page) {
    const size = numberParam(query, SIZE, byName);
    const p = deref(page.schema, byName);
    const lowest = p?.kind === 'number' ? (p.minimum ?? (typeof page.schema.default === 'number' ? page.schema.default : p.default)) : undefined;
    const first = lowest === 0 ? 0 : 1;
    const defaultPage = typeof page.schema.default === 'number' && Number.isInteger(page.schema.default) ? page.schema.default : first;
    return { kind: 'page', page: page.name, first, defaultPage, defaultSize: numberDefault(size, byName, 20), ...(size ? { size: size.name } : {}) };
  }
  const offset = numberParam(query, OFFSET, byName);
  const limit = numberParam(query, LIMIT, byName);
  if (offset) return { kind: 'offset', offset: offset.name, defaultSize: numberDefault(limit, byName, 20), ...(limit ? { limit: limit.name } : {}) };
  const cursor = CURSOR.map((n) => query.find((p) => p.name === n && deref(p.schema, byName)?.kind === 'string')).find((p) => p !== undefined);
  if (cursor) return { kind: 'cursor', cursor: cursor.name, defaultSize: numberDefault(limit, byName, 20), ...(limit ? { limit: limit.name } : {}) };
  return { kind: 'none' };
}

const SEPARATORS: Record<string, string> = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' };

function filtersOf(query: ParameterNode[], entity: EntityFacts, pagination: Pagination, byName: ReadonlyMap<string, NamedSchema>): Array<[string, string, string]> {
  const taken = new Set(Object.entries(pagination).filter(([k]) => k !== 'kind').map(([, v]) => String(v)));
  const scalar = (node: SchemaNode | undefined) => node !== undefined && ['string', 'number', 'boolean'].includes(node.kind) && !(node.kind === 'string' && node.format === 'binary');
  const out: Array<[string, string, string]> = [];
  for (const p of query) {
    const prop = entity.props.find((e) => e.name === p.name);
    if (!prop || taken.has(p.name) || !scalar(deref(prop.schema, byName))) continue;
    const n = deref(p.schema, byName);
    if (n?.kind === 'array' && scalar(deref(n.items, byName))) out.push([p.name, prop.name, p.explode && p.style === 'form' ? '' : (SEPARATORS[p.style] ?? ',')]);
    else if (scalar(n)) out.push([p.name, prop.name, '']);
  }
  return out;
}
