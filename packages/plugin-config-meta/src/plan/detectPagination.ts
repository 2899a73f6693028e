import type { NamedSchema, OperationSignature, ParameterNode, SchemaNode } from '@reslayer/core';
import { objectProperties, resolveSchema } from '@reslayer/core';
import type { PaginationInfo, SchemaLookup } from './types.js';
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
 * Pagination of the collection operation, from its query parameters (checked in this order):
 * a string cursor parameter → `cursor`; a numeric offset → `offset`; a numeric page → `page`;
 * otherwise `none` (a lone `limit` is a filter, not pagination: there is no way to the next page).
 * Response properties are looked up on the success body (top level only, as core's `objectProperties`
 * sees a value the API returns); each is left out when absent, and `itemsProperty` is left out when the
 * body itself is the array.
 * @param signature the collection operation, if any
 * @param names the model's schema lookup
 * @returns the pagination and the names of the parameters it uses (left out of the filters)
 */
export function detectPagination(signature: OperationSignature | undefined, names: SchemaLookup): { pagination: PaginationInfo; params: Set<string> } {
  const { byName } = names;
  const query = signature?.node.parameters.filter((p) => p.in === 'query') ?? [];
  const body = responseSchema(signature);
  const props = body ? objectProperties(body, names)?.props ?? [] : [];
  const items = body ? listItems(body, names)?.itemsProperty : undefined;
  const used = (...params: Array<ParameterNode | undefined>) => new Set(params.flatMap((p) => (p ? [p.name] : [])));
  const totalProperty = pick(props, TOTAL, 'number', byName)?.name;
  const common = { ...(items !== undefined ? { itemsProperty: items } : {}) };

  const cursor = pick(query, CURSOR, 'string', byName);
  if (cursor) {
    const limit = pick(query.filter((p) => p !== cursor), LIMIT, 'number', byName);
    const next = pick(props, NEXT, 'string', byName)?.name;
    const hasMore = pick(props, HAS_MORE, 'boolean', byName)?.name;
    const defaultLimit = defaultNumber(limit, byName);
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
  const offset = pick(query, OFFSET, 'number', byName);
  if (offset) {
    const limit = pick(query.filter((p) => p !== offset), LIMIT, 'number', byName);
    const defaultLimit = defaultNumber(limit, byName);
    return {
      pagination: { mode: 'offset', offsetParam: offset.name, ...(limit ? { limitParam: limit.name } : {}), ...common, ...total, ...(defaultLimit !== undefined ? { defaultLimit } : {}) },
      params: used(offset, limit),
    };
  }
  const page = pick(query, PAGE, 'number', byName);
  if (page) {
    const size = pick(query.filter((p) => p !== page), PAGE_SIZE, 'number', byName);
    const defaultPageSize = defaultNumber(size, byName);
    return {
      pagination: { mode: 'page', pageParam: page.name, ...(size ? { pageSizeParam: size.name } : {}), ...common, ...total, ...(defaultPageSize !== undefined ? { defaultPageSize } : {}) },
      params: used(page, size),
    };
  }
  return { pagination: { mode: 'none' }, params: new Set() };
}
