import type { NamedSchema, ParameterNode, SchemaNode } from '../model/types.js';
import { kindOf, listEnvelope, normName, type ListEnvelope, type PropertyPath } from './listEnvelope.js';
import { memoOnPair, type PairMemo } from './memo.js';
import { resolveSchema } from './resolveSchema.js';
import { objectProperties } from './schemaQueries.js';
import type { SchemaTypeNames } from './schemaTypeNames.js';
import type { OperationSignature } from './signature.js';

/** What every paginated list has: where the items are, and what tells that more exist. Absent facts are absent keys. */
interface PageFacts {
  /** Where the items array is; absent when the body itself is the array. */
  itemsProperty?: PropertyPath;
  /** A number holding the count of all items. */
  totalProperty?: PropertyPath;
  /** A boolean telling whether more items exist. */
  hasMoreProperty?: PropertyPath;
  /** True when the success response declares a `Link` header (RFC 8288), whose `rel="next"` link names the next page. */
  linkHeader?: boolean;
}

/**
 * Pagination of a list operation, as {@link listPagination} detects it. Absent facts are absent keys.
 * Every mode but `none` can be followed page by page (an infinite query): a page or offset list until a page
 * is empty, the count is reached, the has-more flag is false or the next link is empty; a cursor list while
 * the next cursor is given (a body property, a response header, a `Link` header, or the key of the last item);
 * a link list while the `Link` header names a next page.
 */
export type ListPagination =
  | (PageFacts & {
      mode: 'page';
      pageParam: string;
      pageSizeParam?: string;
      defaultPageSize?: number;
      /** The number of the first page when it is not 1 (`0` when the parameter's minimum or default is 0). */
      firstPage?: number;
      /** A property that holds the next page's number or URL, empty or null on the last page (`next`, `links.next`). */
      nextProperty?: PropertyPath;
      /** True when the page parameter is typed as a string holding a number: the page is sent as `String(page)`. */
      numericString?: true;
    })
  | (PageFacts & { mode: 'offset'; offsetParam: string; limitParam?: string; defaultLimit?: number; nextProperty?: PropertyPath; numericString?: true })
  | (PageFacts & {
      mode: 'cursor';
      cursorParam: string;
      limitParam?: string;
      defaultLimit?: number;
      /** The property holding the next cursor, or a URL carrying it in the cursor parameter (`next`, `links.next`). */
      nextCursorProperty?: PropertyPath;
      /** True when the cursor parameter is a number (`since` beside a `Link` header): the next cursor, read as text, is sent as a number. */
      numericCursor?: true;
      /** The item property whose value in the last item is the next cursor (`id` for `starting_after`; `['data', 'id']` inside a wrapper). */
      nextCursorItemProperty?: PropertyPath;
      /** The response header holding the next cursor, absent on the last page (`NextPageToken`, `X-Files-Cursor-Next`). */
      nextCursorHeader?: string;
    })
  /** No paging parameter, only a `Link` header: each next page is the query of the header's `rel="next"` URL. */
  | (PageFacts & { mode: 'link'; linkHeader: true })
  | { mode: 'none' };

type Names = Pick<SchemaTypeNames, 'byName' | 'cut'>;

// Normalized names (see `normName`), in order of preference.
const PAGE = ['page', 'pagenumber', 'pageno', 'pagenum', 'pageindex', 'pg'];
const PAGE_SIZE = ['pagesize', 'perpage', 'size', 'limit', 'pagelimit', 'pagecount', 'count', 'maxresults', 'top'];
const OFFSET = ['offset', 'skip', 'pageoffset', 'start', 'startindex', 'from'];
/** Offset names that may be typed as a string holding a number. */
const OFFSET_TEXT = ['offset', 'skip', 'pageoffset', 'startindex'];
const LIMIT = ['limit', 'take', 'pagesize', 'size', 'perpage', 'pagelimit', 'first', 'maxresults', 'count', 'top', 'maxitems'];
const CURSOR = ['cursor', 'pagecursor', 'pagetoken', 'after', 'pageafter', 'startingafter', 'continuationtoken', 'continuation', 'nexttoken', 'nextpagetoken', 'skiptoken', 'marker', 'starttoken', 'before', 'pagebefore', 'endingbefore'];
/** Cursor parameters typed as numbers, followed only through a `Link` header (`since`: the last item's id). */
const NUMBER_CURSOR = ['since'];
/** Cursor parameters typed as numbers, followed through a next value in the body (vercel.com's `until` = `pagination.next`). */
const TIME_CURSOR = ['until', 'before'];
/** Cursor parameters that take an item's key: the next cursor is the last item's key when no body property or link gives it. */
const ITEM_CURSOR = ['startingafter', 'after', 'pageafter', 'marker'];
/** Item properties that may hold the key an item cursor takes, in order. */
const ITEM_KEYS = ['id', 'key', 'name'];

/** The first parameter (by preference) whose normalized name is in `candidates` and kind is one of `kinds`. */
function pick(named: readonly ParameterNode[], candidates: readonly string[], kinds: ReadonlyArray<'number' | 'string'>, byName: ReadonlyMap<string, NamedSchema>): ParameterNode | undefined {
  const normed = named.map((x) => normName(x.name));
  for (const n of candidates) {
    const hit = named.find((x, i) => normed[i] === n && kinds.includes(paramKind(x.schema, byName) as 'number'));
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The kind of a paging parameter: its own, or for a union the first number or string variant's (`page` typed
 * `oneOf: [integer, { number, size }]`: a page number fits it).
 */
function paramKind(schema: SchemaNode, byName: ReadonlyMap<string, NamedSchema>): ReturnType<typeof kindOf> {
  const own = kindOf(schema, byName);
  const leaf = resolveSchema(schema, byName).leaf;
  if (own !== undefined || leaf.kind !== 'union') return own;
  return leaf.variants.map((v) => kindOf(v, byName)).find((k) => k === 'number' || k === 'string');
}

/** Page and offset parameters: a number, or a string holding one (`pageNum: string`). */
const NUMERIC: ReadonlyArray<'number' | 'string'> = ['number', 'string'];

/** `{ numericString: true }` when a page or offset parameter is typed as a string: the page number is sent as its text. */
const asText = (param: ParameterNode, byName: ReadonlyMap<string, NamedSchema>): { numericString?: true } => (paramKind(param.schema, byName) === 'string' ? { numericString: true } : {});

/** A numeric `default` of a parameter. */
function defaultNumber(param: ParameterNode | undefined, byName: ReadonlyMap<string, NamedSchema>): number | undefined {
  const value = param ? resolveSchema(param.schema, byName).default : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** 0 when the page parameter's default or minimum is 0 (zero-based pages), else undefined (pages count from 1). */
function firstPageOf(param: ParameterNode, byName: ReadonlyMap<string, NamedSchema>): number | undefined {
  const resolved = resolveSchema(param.schema, byName);
  const leaf = resolved.leaf;
  const min = leaf.kind === 'number' ? leaf.minimum : undefined;
  return resolved.default === 0 || (min === 0 && resolved.default === undefined) ? 0 : undefined;
}

/**
 * The item property an item cursor takes: the first of `id`, `key`, `name` that holds a string or a number, else
 * that key inside the item's one object-valued wrapper (`{ data: { id } }` → `['data', 'id']`, as clever.com's items).
 */
function itemKey(item: SchemaNode, names: Names): PropertyPath | undefined {
  const props = objectProperties(item, names)?.props ?? [];
  const scalar = (p: { schema: SchemaNode }) => kindOf(p.schema, names.byName) === 'string' || kindOf(p.schema, names.byName) === 'number';
  const own = ITEM_KEYS.find((k) => props.some((p) => p.name === k && scalar(p)));
  if (own !== undefined) return own;
  const wrappers = props.filter((p) => objectProperties(p.schema, names) !== undefined);
  const wrapper = wrappers.length === 1 ? wrappers[0] : undefined;
  const inner = wrapper ? (objectProperties(wrapper.schema, names)?.props ?? []) : [];
  const key = ITEM_KEYS.find((k) => inner.some((p) => p.name === k && scalar(p)));
  return wrapper && key !== undefined ? [wrapper.name, key] : undefined;
}

/** The facts of the envelope every mode shares. */
function facts(env: ListEnvelope | undefined, linkHeader: boolean): PageFacts {
  return {
    ...(env?.itemsProperty !== undefined ? { itemsProperty: env.itemsProperty } : {}),
    ...(env?.totalProperty !== undefined ? { totalProperty: env.totalProperty } : {}),
    ...(env?.hasMoreProperty !== undefined ? { hasMoreProperty: env.hasMoreProperty } : {}),
    ...(linkHeader ? { linkHeader: true } : {}),
  };
}

/**
 * True when a query parameter's name pages: a page number, an offset or a cursor (`page`, `pageNum`, `offset`,
 * `cursor`, `page_token`, `after`…), whatever its type. Detection reads a GET below an item path that takes one and
 * answers a collection as the list of a sub-collection (`/accounts/{id}/history`).
 * @param name the parameter's name as the contract spells it
 */
export function isPagingParamName(name: string): boolean {
  const n = normName(name);
  return PAGE.includes(n) || OFFSET_TEXT.includes(n) || CURSOR.includes(n);
}

/** True for a header name (normalized) that holds a next cursor: it says `next` and `cursor`, `token` or `page`. */
const isNextCursorHeader = (name: string): boolean => {
  const n = normName(name);
  return n !== 'link' && n.includes('next') && /cursor|token|page/.test(n);
};

/**
 * The response header that holds the next cursor: one the success responses declare (`NextPageToken`), else one
 * the cursor parameter's description names (files.com: "cursors are provided in the response headers
 * `X-Files-Cursor-Next` and `X-Files-Cursor-Prev`"): a hyphenated header name saying `next` and `cursor`,
 * `token` or `page`.
 * @param signature the list operation
 * @param cursor its cursor parameter
 * @returns the header's name as the contract spells it, or undefined
 */
function nextCursorHeaderOf(signature: OperationSignature | undefined, cursor: ParameterNode): string | undefined {
  const declared = (signature?.response.responses ?? []).flatMap((r) => r.headers ?? []).find(isNextCursorHeader);
  if (declared !== undefined) return declared;
  return (cursor.description ?? '').match(/\b[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+\b/g)?.find(isNextCursorHeader);
}

/** Adds a key when the value is defined. */
const opt = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } => (value === undefined ? {} : ({ [key]: value } as { [P in K]?: V }));

/**
 * True for an operation whose pages the generated layer follows, whatever its role (a list, a sub-collection read
 * by an item path, a summary that pages): a `GET` whose JSON success body holds an array (bare or in an envelope,
 * see {@link listEnvelope}) and whose pagination {@link listPagination} detects. Its hooks get infinite query
 * options, config-meta reports its pagination and the mocks serve its pages: one rule for every plugin.
 * @param signature an operation signature, if any
 * @param names the model's schema lookup (`getSchemaTypeNames(model)`)
 */
export function isPagedList(signature: OperationSignature | undefined, names: Names): boolean {
  if (signature?.node.method !== 'get' || signature.response.responseType !== 'json') return false;
  const body = signature.response.content?.schema;
  return body !== undefined && listEnvelope(body, names) !== undefined && listPagination(signature, names).pagination.mode !== 'none';
}

/**
 * Pagination of a list operation, one analysis for every plugin (the metadata's `pagination`, the hooks'
 * infinite query options, the mocks' paging). From its query parameters, checked in this order:
 * - a string cursor parameter (`cursor`, `page_token`, `after`, `starting_after`…), a numeric `since` beside a
 *   `Link` header, or a numeric `until`/`before` beside a next value in the body (where no page number or
 *   offset parameter pages) → `cursor`, when the next
 *   cursor can be found: a body property (`next_cursor`, `next`, `links.next`…), a response header holding it
 *   (`NextPageToken`, or one the cursor's description names), a `Link` response header, or (for
 *   `starting_after`-like parameters) the key of the last item;
 * - a numeric offset (`offset`, `skip`, `start`) → `offset`;
 * - a numeric page (`page`, `pageNum`, `page_number`…) with its size (`pageSize`, `per_page`, `size`, `limit`…) → `page`;
 * - no paging parameter but a `Link` response header → `link` (each next page is its next URL's query);
 * - otherwise `none` (a lone `limit` is a filter, not pagination).
 *
 * A cursor parameter without a way to find the next cursor does not paginate: the offset and page parameters are
 * checked next. The envelope (items, count, has-more flag, next link) comes from {@link listEnvelope} over the JSON
 * success body. The parameters a cursor uses are returned even for `none`, so that no plugin lists a cursor as a filter.
 * @param signature the list operation, if any
 * @param names the model's schema lookup (`getSchemaTypeNames(model)`)
 * @returns the pagination and the names of the query parameters it uses
 */
export function listPagination(signature: OperationSignature | undefined, names: Names): { pagination: ListPagination; params: Set<string> } {
  return signature ? memoOnPair(paginations, signature, names, () => findPagination(signature, names)) : findPagination(signature, names);
}

/** {@link listPagination}'s values: the hooks, the metadata and the mocks each ask for every list's, some several times. */
const paginations: PairMemo<OperationSignature, Names, { pagination: ListPagination; params: Set<string> }> = new WeakMap();

/** {@link listPagination}, computed. */
function findPagination(signature: OperationSignature | undefined, names: Names): { pagination: ListPagination; params: Set<string> } {
  const { byName } = names;
  const query = signature?.node.parameters.filter((p) => p.in === 'query') ?? [];
  const body = signature?.response.responseType === 'json' ? signature.response.content?.schema : undefined;
  const env = body ? listEnvelope(body, names) : undefined;
  const link = (signature?.response.responses ?? []).some((r) => (r.headers ?? []).some((h) => h.toLowerCase() === 'link'));
  const used = (...params: Array<ParameterNode | undefined>) => new Set(params.flatMap((p) => (p ? [p.name] : [])));
  const common = facts(env, link);
  // A numeric `since` pages only through a `Link` header (GitHub's `/organizations`); else it is a filter.
  // A numeric `until` follows the body's next value only where no page number or offset (`offset`, `skip`) pages.
  const paged = pick(query, PAGE, NUMERIC, byName) ?? pick(query, OFFSET_TEXT, NUMERIC, byName);
  const timeCursor = env?.nextProperty !== undefined && !paged ? pick(query, TIME_CURSOR, ['number'], byName) : undefined;
  const cursor = pick(query, CURSOR, ['string'], byName) ?? (link ? pick(query, NUMBER_CURSOR, ['number'], byName) : undefined) ?? timeCursor;
  const cursorLimit = cursor ? pick(query.filter((p) => p !== cursor), LIMIT, NUMERIC, byName) : undefined;
  if (cursor) {
    const next = env?.nextProperty;
    const header = next === undefined ? nextCursorHeaderOf(signature, cursor) : undefined;
    const byItem = next === undefined && header === undefined && !link && env && ITEM_CURSOR.includes(normName(cursor.name)) ? itemKey(env.item, names) : undefined;
    if (next !== undefined || header !== undefined || link || byItem !== undefined) {
      const { totalProperty: _total, ...rest } = common;
      const numeric = paramKind(cursor.schema, byName) === 'number' ? { numericCursor: true as const } : {};
      const pagination: ListPagination = { mode: 'cursor', cursorParam: cursor.name, ...opt('limitParam', cursorLimit?.name), ...rest, ...numeric, ...opt('nextCursorProperty', next), ...opt('nextCursorHeader', header), ...opt('nextCursorItemProperty', byItem), ...opt('defaultLimit', defaultNumber(cursorLimit, byName)) };
      return { pagination, params: used(cursor, cursorLimit) };
    }
  }
  // `start` and `from` often hold a time as text: only `offset`-like names count when typed as a string.
  const offset = pick(query, OFFSET, ['number'], byName) ?? pick(query, OFFSET_TEXT, ['string'], byName);
  if (offset) {
    const limit = pick(query.filter((p) => p !== offset), LIMIT, NUMERIC, byName);
    const pagination: ListPagination = { mode: 'offset', offsetParam: offset.name, ...opt('limitParam', limit?.name), ...common, ...opt('nextProperty', env?.nextProperty), ...opt('defaultLimit', defaultNumber(limit, byName)), ...asText(offset, byName) };
    return { pagination, params: used(offset, limit) };
  }
  const page = pick(query, PAGE, NUMERIC, byName);
  if (page) {
    const size = pick(query.filter((p) => p !== page), PAGE_SIZE, NUMERIC, byName);
    const pagination: ListPagination = {
      mode: 'page', pageParam: page.name, ...opt('pageSizeParam', size?.name), ...common, ...opt('nextProperty', env?.nextProperty),
      ...opt('defaultPageSize', defaultNumber(size, byName)), ...opt('firstPage', firstPageOf(page, byName)), ...asText(page, byName),
    };
    return { pagination, params: used(page, size) };
  }
  // No parameter pages, but the `Link` header names the next page (ato.gov.au): its URL's query is sent as it is.
  if (link) return { pagination: { mode: 'link', ...common, linkHeader: true }, params: new Set() };
  return { pagination: { mode: 'none' }, params: used(cursor, cursorLimit) };
}
