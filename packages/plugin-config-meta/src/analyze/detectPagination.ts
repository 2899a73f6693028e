import type { ParameterNode, SchemaNode } from '@reslayer/core';
import type { OperationSignature } from '@reslayer/core';
import type { PaginationInfo } from './types.js';
import type { SchemaIndex } from './resolveSchema.js';
import { objectProperties, resolveSchema } from './resolveSchema.js';
import { listItems, norm, responseSchema } from './listing.js';

// Normalized names (see `norm`), in order of preference.
const PAGE = ['page', 'pagenumber', 'pageno', 'pagenum', 'pageindex'];
const PAGE_SIZE = ['pagesize', 'perpage', 'size', 'limit', 'pagelimit', 'pagecount'];
const OFFSET = ['offset', 'skip', 'pageoffset'];
const LIMIT = ['limit', 'take', 'pagesize', 'size', 'perpage', 'pagelimit', 'first', 'maxresults'];
const CURSOR = ['cursor', 'pagecursor', 'pagetoken', 'after', 'pageafter', 'startingafter', 'continuationtoken', 'continuation', 'nexttoken', 'nextpagetoken', 'before', 'pagebefore', 'endingbefore'];
const TOTAL = ['total', 'totalcount', 'totalitems', 'totalelements', 'totalresults', 'count'];
const NEXT = ['nextcursor', 'next', 'nextpagetoken', 'nexttoken', 'nextpage', 'endcursor', 'cursor'];
const HAS_MORE = ['hasmore', 'hasnext', 'hasnextpage', 'more'];

type Kind = 'number' | 'string' | 'boolean';

/** Kind of a resolved schema for matching: numbers, strings (no date formats) and booleans. */
function kindOf(schema: SchemaNode, schemas: SchemaIndex): Kind | undefined {
  const leaf = resolveSchema(schema, schemas).leaf;
  if (leaf.kind === 'number' || leaf.kind === 'boolean') return leaf.kind;
  if (leaf.kind === 'string' && !/^(date|date-time|time)$/.test(leaf.format ?? '')) return 'string';
  return undefined;
}

/** The first entry of `named` (by preference) whose normalized name is in `names` and kind is `kind`. */
function pick<T extends { name: string; schema: SchemaNode }>(named: readonly T[], names: readonly string[], kind: Kind, schemas: SchemaIndex): T | undefined {
  for (const n of names) {
    const hit = named.find((x) => norm(x.name) === n && kindOf(x.schema, schemas) === kind);
    if (hit) return hit;
  }
  return undefined;
}

/** A numeric `default` of a parameter. */
function defaultNumber(param: ParameterNode | undefined, schemas: SchemaIndex): number | undefined {
  const value = param ? resolveSchema(param.schema, schemas).default : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Pagination of the collection operation, from its query parameters (checked in this order):
 * a string cursor parameter → `cursor`; a numeric offset → `offset`; a numeric page → `page`;
 * otherwise `none` (a lone `limit` is a filter, not pagination: there is no way to the next page).
 * Response properties are looked up on the success body (top level only); each is left out when
 * absent, and `itemsProperty` is left out when the body itself is the array.
 * @param signature the collection operation, if any
 * @param schemas named schemas by key
 * @returns the pagination and the names of the parameters it uses (left out of the filters)
 */
export function detectPagination(signature: OperationSignature | undefined, schemas: SchemaIndex): { pagination: PaginationInfo; params: Set<string> } {
  const query = signature?.node.parameters.filter((p) => p.in === 'query') ?? [];
  const body = responseSchema(signature);
  const props = body ? objectProperties(body, schemas) ?? [] : [];
  const items = body ? listItems(body, schemas)?.itemsProperty : undefined;
  const used = (...params: Array<ParameterNode | undefined>) => new Set(params.flatMap((p) => (p ? [p.name] : [])));
  const totalProperty = pick(props, TOTAL, 'number', schemas)?.name;
  const common = { ...(items !== undefined ? { itemsProperty: items } : {}) };

  const cursor = pick(query, CURSOR, 'string', schemas);
  if (cursor) {
    const limit = pick(query.filter((p) => p !== cursor), LIMIT, 'number', schemas);
    const next = pick(props, NEXT, 'string', schemas)?.name;
    const hasMore = pick(props, HAS_MORE, 'boolean', schemas)?.name;
    const defaultLimit = defaultNumber(limit, schemas);
    return {
      pagination: {
        mode: 'cursor',
        cursorParam: cursor.name,
        ...(limit ? { limitParam: limit.name } : {}),
        ...common,
        ...(next !== undefined ? { nextCursorProperty: next } : {}),
        ...(hasMore !== undefined ? { hasMoreProperty: hasMore } : {}),
        ...(defaultLimit !== undefined ? { defaultLimit } : {}),
      },
      params: used(cursor, limit),
    };
  }
  const total = totalProperty !== undefined ? { totalProperty } : {};
  const offset = pick(query, OFFSET, 'number', schemas);
  if (offset) {
    const limit = pick(query.filter((p) => p !== offset), LIMIT, 'number', schemas);
    const defaultLimit = defaultNumber(limit, schemas);
    return {
      pagination: { mode: 'offset', offsetParam: offset.name, ...(limit ? { limitParam: limit.name } : {}), ...common, ...total, ...(defaultLimit !== undefined ? { defaultLimit } : {}) },
      params: used(offset, limit),
    };
  }
  const page = pick(query, PAGE, 'number', schemas);
  if (page) {
    const size = pick(query.filter((p) => p !== page), PAGE_SIZE, 'number', schemas);
    const defaultPageSize = defaultNumber(size, schemas);
    return {
      pagination: { mode: 'page', pageParam: page.name, ...(size ? { pageSizeParam: size.name } : {}), ...common, ...total, ...(defaultPageSize !== undefined ? { defaultPageSize } : {}) },
      params: used(page, size),
    };
  }
  return { pagination: { mode: 'none' }, params: new Set() };
}
