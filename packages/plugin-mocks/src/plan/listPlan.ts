import type { NamedSchema, ParameterNode, SchemaNode } from '@reslayer/core';
import { deref, objectProperties, type OperationSignature } from '@reslayer/core';
import type { EntityFacts, ListPlan, PageField, Pagination } from './mockPlan.js';
import type { PlanContext } from './planContext.js';
import { sameType } from './sameType.js';
import { sampleValue } from './sampleSchema.js';

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
 * The list plan: response shape, pagination parameters, page fields and filters; undefined when
 * the list response does not hold the entity (an array of it, or an object with such an array).
 * @param list signature of the CRUD list operation
 * @param entity the entity facts of the resource
 * @param ctx the planning context
 * @returns the list plan, or undefined
 */
export function listPlan(list: OperationSignature, entity: EntityFacts, ctx: PlanContext): ListPlan | undefined {
  const schema = list.response.content?.schema;
  if (list.response.responseType !== 'json' || !schema || list.response.responses.filter((r) => r.contents.length > 0).length !== 1) return undefined;
  const query = list.node.parameters.filter((p) => p.in === 'query');
  const byName = ctx.names.byName;
  const pagination = paginationOf(query, byName);
  const filters = filtersOf(query, entity, pagination, byName);
  const holdsEntity = (node: SchemaNode) => {
    const n = deref(node, byName);
    return n?.kind === 'array' && sameType(n.items, entity.schema, ctx) && !(node.nullable || n.nullable);
  };
  if (holdsEntity(schema)) return { shape: 'array', pagination, fields: [], filters };
  const view = objectProperties(schema, ctx.names);
  const itemsProp = view?.props.find((p) => holdsEntity(p.schema));
  if (!view || !itemsProp) return undefined;
  const fields = view.props.flatMap((p): PageField[] => {
    if (p === itemsProp) return [{ name: p.name, expr: 'items' }];
    const n = deref(p.schema, byName);
    const expr = n ? fieldExpr(p.name, n, pagination) : undefined;
    if (expr === 'next') return [{ name: p.name, expr, fit: p.schema.nullable || n?.nullable ? 'nullable' : p.required ? 'required' : 'optional' }];
    if (expr) return [{ name: p.name, expr }];
    return p.required ? [{ name: p.name, sample: sampleValue(p.schema, { ...ctx.scope, name: p.name }) }] : [];
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
