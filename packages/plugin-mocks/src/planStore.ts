import type { NamedSchema, ParameterNode, PropertyNode, SchemaNode } from '@reslayer/core';
import { camelCase } from '@reslayer/core';
import type { OperationSignature, SchemaTypeNames } from '@reslayer/core';
import { deref, objectView, sameType, sampling, unknownNodes } from './schemaView.js';
import { sampleValue } from './sample.js';
import { fits, satisfies } from './samplePrimitive.js';

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

/**
 * Properties a merge copies: a name (the value is copied as is) or `[name, fields]` (the object value is
 * merged into the object the target holds, one level down).
 */
export type Fields = Array<string | [string, Fields]>;

/** The item key of a store: the entity property that holds the item path parameter's value. */
export interface EntityKey {
  /** Property path: `['id']`, or `['article', 'slug']` inside an entity that wraps the item in one property. */
  path: string[];
  /** How a created item gets its key: a counting UUID, `<property>-<n>`, a counting number, or the first unused enum value. */
  kind: 'uuid' | 'string' | 'number' | 'enum';
  /** The key property's schema. */
  schema: SchemaNode;
  /** The values of an enum key. */
  values?: Array<string | number>;
}

/** Facts about the entity of a store-backed CRUD resource. */
export interface EntityFacts {
  schema: SchemaNode;
  props: PropertyNode[];
  /** Absent when no property holds the item key: the store is then keyed by position (`'1'`, `'2'`…). */
  key?: EntityKey;
  /** The key and readOnly properties: a payload cannot change them and PUT keeps them. */
  serverFields: Fields;
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
 * The key property is the first usable one (a non-null string, number or enum) named like the item path
 * parameter, `id`, `<entity>Id`, or the parameter without its `Id`/`_id` suffix; when the entity has none and
 * wraps the item in one required property (`{ article: Article }`), the wrapped object's property of such a name.
 * @param read signature of the CRUD read operation
 * @param keyParam name of the path parameter that identifies an item
 * @param names plugin-client's naming table
 * @param entity entity name of the resource
 */
export function entityFacts(read: OperationSignature, keyParam: string, names: SchemaTypeNames, entity: string): EntityFacts | undefined {
  const schema = read.response.content?.schema;
  if (read.response.responseType !== 'json' || !schema) return undefined;
  const bodies = read.response.responses.flatMap((r) => (r.contents[0] ? [r.contents[0].schema] : []));
  const view = objectView(schema, names);
  if (!bodies.every((b) => sameType(b, schema, names)) || !view || view.nullable || view.props.length === 0) return undefined;
  const props = view.props;
  const candidates = [...new Set([keyParam, 'id', `${camelCase(entity)}Id`, keyParam.replace(/_?id$/i, '')])].filter((n) => n !== '');
  let key = keyIn(props, candidates, names);
  const wrapper = props.length === 1 && props[0]?.required ? props[0] : undefined;
  const inner = !key && wrapper ? objectView(wrapper.schema, names) : undefined;
  if (wrapper && inner && !inner.nullable) {
    const found = keyIn(inner.props, candidates, names);
    if (found) key = { ...found, path: [wrapper.name, ...found.path] };
  }
  const readOnly = (list: PropertyNode[]) => list.filter((p) => p.schema.readOnly).map((p) => p.name);
  const top = [...new Set([...(key?.path.length === 1 ? key.path : []), ...readOnly(props)])].sort();
  const serverFields: Fields = top;
  if (wrapper && inner && key && key.path.length === 2) serverFields.push([wrapper.name, [...new Set([key.path[1] as string, ...readOnly(inner.props)])].sort()]);
  return { schema, props, serverFields, ...(key ? { key } : {}) };
}

/** The first property of these names that can hold a key (a non-null string, number or enum). */
function keyIn(props: PropertyNode[], candidates: string[], names: SchemaTypeNames): EntityKey | undefined {
  for (const name of candidates) {
    const p = props.find((x) => x.name === name);
    const n = p && deref(p.schema, names.byName);
    // `__proto__` cannot be assigned as a plain property: no such key.
    if (!p || !n || p.name === '__proto__' || p.schema.nullable || n.nullable || unknownNodes(names).has(p.schema)) continue;
    const path = [p.name];
    if (n.kind === 'string' && n.format !== 'binary') {
      if (n.enum?.length) return { path, kind: 'enum', schema: p.schema, values: [...new Set(n.enum)] };
      return { path, kind: n.format === 'uuid' ? 'uuid' : 'string', schema: p.schema };
    }
    if (n.kind === 'number') {
      if (n.enum?.length) return { path, kind: 'enum', schema: p.schema, values: [...new Set(n.enum)] };
      return { path, kind: 'number', schema: p.schema };
    }
  }
  return undefined;
}

/**
 * The payload properties a create or update copies into the stored entity: those the entity's response
 * schema declares (never writeOnly ones, never the key or readOnly ones) whose request schema only admits
 * values the response schema accepts (see {@link assignable}). A property whose request and response objects
 * differ (`{ article: NewArticle }` over `{ article: Article }`) is merged one level down, so the stored
 * object keeps its other (required) fields. Anything else in the payload is ignored.
 * @param request the request body schema (JSON), if any
 * @param entity the entity facts
 * @param names plugin-client's naming table
 */
export function writableFields(request: SchemaNode | undefined, entity: EntityFacts, names: SchemaTypeNames): Fields {
  return request ? fieldsOf(request, entity.schema, entity.serverFields, false, names, 0) : [];
}

function fieldsOf(req: SchemaNode, ent: SchemaNode, server: Fields, nested: boolean, names: SchemaTypeNames, depth: number): Fields {
  const r = deref(req, names.byName);
  const e = deref(ent, names.byName);
  if (!r || !e || depth > 10) return [];
  // A union on either side: only what every variant allows, copied as is.
  const variants = e.kind === 'union' ? e.variants.map((v) => fieldsOf(req, v, server, true, names, depth + 1))
    : r.kind === 'union' ? r.variants.map((v) => fieldsOf(v, ent, server, true, names, depth + 1)) : undefined;
  if (variants) return (variants[0] ?? []).filter((f) => typeof f === 'string' && variants.every((l) => l.includes(f)));
  const rv = objectView(req, names);
  const ev = objectView(ent, names);
  if (!rv || !ev) return [];
  const out: Fields = [];
  for (const p of ev.props) {
    const q = rv.props.find((x) => x.name === p.name);
    if (!q || p.schema.readOnly || q.schema.readOnly || server.includes(p.name)) continue;
    if (assignable(q.schema, p.schema, names)) out.push(p.name);
    else if (!nested && isPlainObject(q.schema, names) && isPlainObject(p.schema, names)) {
      const inner = server.find((f): f is [string, Fields] => Array.isArray(f) && f[0] === p.name)?.[1] ?? [];
      const sub = fieldsOf(q.schema, p.schema, inner, true, names, depth + 1);
      if (sub.length > 0) out.push([p.name, sub]);
    }
  }
  return out;
}

/** True for an object (or `allOf` of objects) schema, through references. */
function isPlainObject(node: SchemaNode, names: SchemaTypeNames): boolean {
  const n = deref(node, names.byName);
  return (n?.kind === 'object' || n?.kind === 'intersection') && objectView(node, names) !== undefined;
}

const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;

/**
 * True when every value the request schema `q` admits is valid for the response schema `p`: the same named
 * schema, or scalars (and arrays of them) whose enum, format, pattern, length and range constraints are the
 * same or narrower. Objects of different schemas are not assignable (they are merged one level down instead).
 */
export function assignable(q: SchemaNode, p: SchemaNode, names: SchemaTypeNames, depth = 0): boolean {
  if (q === p) return true;
  if (q.kind === 'ref' && p.kind === 'ref' && q.target === p.target) return !q.nullable || p.nullable === true;
  const a = deref(q, names.byName);
  const b = deref(p, names.byName);
  if (!a || !b || depth > 10 || unknownNodes(names).has(q) || unknownNodes(names).has(p)) return false;
  if (b.kind === 'unknown') return true;
  if ((q.nullable || a.nullable) && !(p.nullable || b.nullable)) return false;
  if (a.kind === 'union') return a.variants.every((v) => assignable(v, p, names, depth + 1));
  if (b.kind === 'union') return b.variants.some((v) => assignable(q, v, names, depth + 1));
  if (a === b) return true;
  switch (b.kind) {
    case 'string':
      if (a.kind !== 'string' || a.format === 'binary' || b.format === 'binary') return false;
      if (a.enum?.length) return a.enum.every((v) => fits(v, b) && satisfies(v, b));
      return !b.enum?.length && (b.format === undefined || b.format === a.format) && (b.pattern === undefined || b.pattern === a.pattern) &&
        (b.minLength === undefined || (a.minLength ?? 0) >= b.minLength) && (b.maxLength === undefined || (a.maxLength ?? Infinity) <= b.maxLength);
    case 'number':
      if (a.kind !== 'number') return false;
      if (a.enum?.length) return a.enum.every((v) => fits(v, b) && satisfies(v, b));
      return !b.enum?.length && (!b.integer || a.integer) && BOUNDS.every((k) => b[k] === undefined || b[k] === a[k]);
    case 'boolean':
      return a.kind === 'boolean' && (!b.enum?.length || (a.enum?.length ? a.enum.every((v) => b.enum?.includes(v)) : b.enum.length === 2));
    case 'null':
      return a.kind === 'null';
    case 'array':
      return a.kind === 'array' && (b.minItems === undefined || (a.minItems ?? 0) >= b.minItems) && (b.maxItems === undefined || (a.maxItems ?? Infinity) <= b.maxItems) &&
        (!b.uniqueItems || a.uniqueItems === true) && assignable(a.items, b.items, names, depth + 1);
    default:
      return false;
  }
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
