import { cmp } from '../diagnostics/Diagnostics.js';
import type { NamedSchema, ParameterNode, SchemaNode } from '../model/types.js';
import { resolveSchema } from './resolveSchema.js';
import { objectProperties } from './schemaQueries.js';
import type { SchemaTypeNames } from './schemaTypeNames.js';
import type { OperationSignature } from './signature.js';

/**
 * Pagination of a list operation, as {@link listPagination} detects it. Absent facts are absent keys:
 * `itemsProperty` is absent when the body itself is the array.
 */
export type ListPagination =
  | { mode: 'page'; pageParam: string; pageSizeParam?: string; itemsProperty?: string; totalProperty?: string; defaultPageSize?: number }
  | { mode: 'offset'; offsetParam: string; limitParam?: string; itemsProperty?: string; totalProperty?: string; defaultLimit?: number }
  | { mode: 'cursor'; cursorParam: string; limitParam?: string; itemsProperty?: string; nextCursorProperty?: string; hasMoreProperty?: string; defaultLimit?: number }
  | { mode: 'none' };

type Names = Pick<SchemaTypeNames, 'byName' | 'cut'>;
type Kind = 'number' | 'string' | 'boolean';

// Normalized names (see `norm`), in order of preference.
const PAGE = ['page', 'pagenumber', 'pageno', 'pagenum', 'pageindex'];
const PAGE_SIZE = ['pagesize', 'perpage', 'size', 'limit', 'pagelimit', 'pagecount'];
const OFFSET = ['offset', 'skip', 'pageoffset'];
const LIMIT = ['limit', 'take', 'pagesize', 'size', 'perpage', 'pagelimit', 'first', 'maxresults'];
const CURSOR = ['cursor', 'pagecursor', 'pagetoken', 'after', 'pageafter', 'startingafter', 'continuationtoken', 'continuation', 'nexttoken', 'nextpagetoken', 'before', 'pagebefore', 'endingbefore'];
const TOTAL = ['total', 'totalcount', 'totalitems', 'totalelements', 'totalresults', 'count'];
const NEXT = ['nextcursor', 'next', 'nextpagetoken', 'nexttoken', 'nextpage', 'endcursor', 'cursor'];
const HAS_MORE = ['hasmore', 'hasnext', 'hasnextpage', 'more'];
/** Preferred names of the items array in a page object, in order. */
const ITEMS_NAMES = ['items', 'data', 'results', 'content', 'records'];

/** Lower case, without `_`, `-`, `.`, `[`, `]`: `pagesize` for `page_size` or `pageSize`. */
const norm = (name: string): string => name.toLowerCase().replace(/[_\-.[\]]/g, '');

/** Kind of a resolved schema for matching: numbers, strings (no date formats) and booleans. */
function kindOf(schema: SchemaNode, byName: ReadonlyMap<string, NamedSchema>): Kind | undefined {
  const leaf = resolveSchema(schema, byName).leaf;
  if (leaf.kind === 'number' || leaf.kind === 'boolean') return leaf.kind;
  if (leaf.kind === 'string' && !/^(date|date-time|time)$/.test(leaf.format ?? '')) return 'string';
  return undefined;
}

/** The first entry of `named` (by preference) whose normalized name is in `candidates` and kind is `kind`. */
function pick<T extends { name: string; schema: SchemaNode }>(named: readonly T[], candidates: readonly string[], kind: Kind, byName: ReadonlyMap<string, NamedSchema>): T | undefined {
  for (const n of candidates) {
    const hit = named.find((x) => norm(x.name) === n && kindOf(x.schema, byName) === kind);
    if (hit) return hit;
  }
  return undefined;
}

/** A numeric `default` of a parameter. */
function defaultNumber(param: ParameterNode | undefined, byName: ReadonlyMap<string, NamedSchema>): number | undefined {
  const value = param ? resolveSchema(param.schema, byName).default : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Where the items of a list response are: the body itself when it is an array (no `itemsProperty`), else the
 * preferred-name array property (`items`, `data`, `results`, `content`, `records`), else the array property
 * whose name sorts first.
 * @param schema the response body schema
 * @param names the model's schema lookup (`getSchemaTypeNames(model)`)
 * @returns the item schema and the property holding the array, or undefined when no array is found
 */
export function listItemsOf(schema: SchemaNode, names: Names): { item: SchemaNode; itemsProperty?: string } | undefined {
  const top = resolveSchema(schema, names.byName).leaf;
  if (top.kind === 'array') return { item: top.items };
  const arrays = (objectProperties(schema, names)?.props ?? []).flatMap((p) => {
    const leaf = resolveSchema(p.schema, names.byName).leaf;
    return leaf.kind === 'array' ? [{ name: p.name, item: leaf.items }] : [];
  });
  const found = ITEMS_NAMES.map((n) => arrays.find((a) => a.name === n)).find((a) => a !== undefined) ?? [...arrays].sort((a, b) => cmp(a.name, b.name))[0];
  return found ? { item: found.item, itemsProperty: found.name } : undefined;
}

/**
 * Pagination of a list operation, from its query parameters (checked in this order): a string cursor
 * parameter → `cursor`; a numeric offset → `offset`; a numeric page → `page`; otherwise `none` (a lone
 * `limit` is a filter, not pagination). Response properties are looked up on the JSON success body (top level
 * only); each is left out when absent.
 * @param signature the list operation, if any
 * @param names the model's schema lookup (`getSchemaTypeNames(model)`)
 * @returns the pagination and the names of the query parameters it uses
 */
export function listPagination(signature: OperationSignature | undefined, names: Names): { pagination: ListPagination; params: Set<string> } {
  const { byName } = names;
  const query = signature?.node.parameters.filter((p) => p.in === 'query') ?? [];
  const body = signature?.response.responseType === 'json' ? signature.response.content?.schema : undefined;
  const props = body ? objectProperties(body, names)?.props ?? [] : [];
  const items = body ? listItemsOf(body, names)?.itemsProperty : undefined;
  const used = (...params: Array<ParameterNode | undefined>) => new Set(params.flatMap((p) => (p ? [p.name] : [])));
  const totalProperty = pick(props, TOTAL, 'number', byName)?.name;
  const common = items !== undefined ? { itemsProperty: items } : {};
  const total = totalProperty !== undefined ? { totalProperty } : {};
  const cursor = pick(query, CURSOR, 'string', byName);
  if (cursor) {
    const limit = pick(query.filter((p) => p !== cursor), LIMIT, 'number', byName);
    const next = pick(props, NEXT, 'string', byName)?.name;
    const hasMore = pick(props, HAS_MORE, 'boolean', byName)?.name;
    const defaultLimit = defaultNumber(limit, byName);
    const facts = { ...(limit ? { limitParam: limit.name } : {}), ...common, ...(next !== undefined ? { nextCursorProperty: next } : {}), ...(hasMore !== undefined ? { hasMoreProperty: hasMore } : {}) };
    return { pagination: { mode: 'cursor', cursorParam: cursor.name, ...facts, ...(defaultLimit !== undefined ? { defaultLimit } : {}) }, params: used(cursor, limit) };
  }
  const offset = pick(query, OFFSET, 'number', byName);
  if (offset) {
    const limit = pick(query.filter((p) => p !== offset), LIMIT, 'number', byName);
    const defaultLimit = defaultNumber(limit, byName);
    const facts = { ...(limit ? { limitParam: limit.name } : {}), ...common, ...total };
    return { pagination: { mode: 'offset', offsetParam: offset.name, ...facts, ...(defaultLimit !== undefined ? { defaultLimit } : {}) }, params: used(offset, limit) };
  }
  const page = pick(query, PAGE, 'number', byName);
  if (page) {
    const size = pick(query.filter((p) => p !== page), PAGE_SIZE, 'number', byName);
    const defaultPageSize = defaultNumber(size, byName);
    const facts = { ...(size ? { pageSizeParam: size.name } : {}), ...common, ...total };
    return { pagination: { mode: 'page', pageParam: page.name, ...facts, ...(defaultPageSize !== undefined ? { defaultPageSize } : {}) }, params: used(page, size) };
  }
  return { pagination: { mode: 'none' }, params: new Set() };
}
