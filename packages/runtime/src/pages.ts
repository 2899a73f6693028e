/**
 * The next page of an infinite query, from the list's pagination metadata (the same `PaginationMeta` the
 * generated `<resource>Config.pagination` reports): what every generated `<name>InfiniteQueryOptions` calls.
 *
 * @see https://tanstack.com/query/v5/docs/framework/react/guides/infinite-queries
 */
import type { CursorPagination, LinkPagination, OffsetPagination, PagePagination } from './meta.js';
import { readPath } from './paths.js';
import type { RawResult } from './types.js';

/** The items of a page (an empty array when the page holds none where the metadata says). */
function itemsOf(page: unknown, pagination: { readonly itemsProperty?: PagePagination['itemsProperty'] }): unknown[] {
  const items = readPath(page, pagination.itemsProperty);
  return Array.isArray(items) ? items : [];
}

/** True when a "next" value says there is no next page: absent, null, false or empty. */
const ends = (value: unknown): boolean => value === undefined || value === null || value === false || value === '';

/**
 * The page size a request asked for (a number, or a string holding one), else `fallback`; undefined when neither
 * is a positive number.
 */
function sizeOf(requested: unknown, fallback: number | undefined): number | undefined {
  const n = typeof requested === 'string' && requested.trim() !== '' ? Number(requested) : requested;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : fallback !== undefined && fallback > 0 ? fallback : undefined;
}

/** The number of items received over all pages. */
const received = (allPages: readonly unknown[], pagination: { readonly itemsProperty?: PagePagination['itemsProperty'] }): number =>
  allPages.reduce<number>((n, page) => n + itemsOf(page, pagination).length, 0);

/** True when a page's own facts end the list: its has-more flag is false, or the items received reach its total. */
function endedByFacts(lastPage: unknown, allPages: readonly unknown[], pagination: CursorPagination | LinkPagination): boolean {
  if (pagination.hasMoreProperty !== undefined && readPath(lastPage, pagination.hasMoreProperty) === false) return true;
  const total = pagination.totalProperty === undefined ? undefined : readPath(lastPage, pagination.totalProperty);
  return typeof total === 'number' && received(allPages, pagination) >= total;
}

/**
 * `getNextPageParam` of a page or offset list: the next page number (page + 1) or offset (offset + the items
 * received), or undefined after the last page. The last page is an empty one, or the one after which the
 * has-more flag is false, the total count is reached, or the next link is empty (checked in this order; the
 * first fact the page carries decides). A list whose pages carry none of those facts ends on a short page: fewer
 * items than the page size asked for (`pageSize`, else the parameter's default in the metadata). A server that
 * caps the size below the one asked for ends such a list early: ask for no more than its maximum.
 * @param pagination the list's pagination metadata (`mode: 'page'` or `'offset'`)
 * @param pageSize the page size the request asks for (its size or limit parameter), if known
 * @returns the function TanStack Query calls with the last page, all pages and the last page parameter
 */
export function nextPageParam<T>(pagination: PagePagination | OffsetPagination, pageSize?: unknown): (lastPage: T, allPages: T[], lastPageParam: number) => number | undefined {
  return (lastPage, allPages, lastPageParam) => {
    const items = itemsOf(lastPage, pagination);
    if (items.length === 0) return undefined;
    const next = pagination.mode === 'page' ? lastPageParam + 1 : lastPageParam + items.length;
    const more = pagination.hasMoreProperty === undefined ? undefined : readPath(lastPage, pagination.hasMoreProperty);
    if (typeof more === 'boolean') return more ? next : undefined;
    const total = pagination.totalProperty === undefined ? undefined : readPath(lastPage, pagination.totalProperty);
    if (typeof total === 'number') return received(allPages, pagination) < total ? next : undefined;
    if (pagination.nextProperty !== undefined) return ends(readPath(lastPage, pagination.nextProperty)) ? undefined : next;
    const size = sizeOf(pageSize, pagination.mode === 'page' ? pagination.defaultPageSize : pagination.defaultLimit);
    return size !== undefined && items.length < size ? undefined : next;
  };
}

/**
 * The cursor in a "next" value: the value itself, or, when it is a URL (`https://…?cursor=abc`, `/items?cursor=abc`,
 * `?cursor=abc`), its cursor parameter.
 * @param value the next cursor or URL
 * @param param the cursor's query parameter
 * @returns the cursor, or undefined when there is none
 */
export function cursorOf(value: unknown, param: string): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value === '') return undefined;
  if (!/^(https?:)?\/\/|^[/?]/i.test(value)) return value;
  try {
    return new URL(value, 'http://localhost').searchParams.get(param) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The response headers of each page read from a raw result (see {@link withHeaders}). */
const pageHeaders = new WeakMap<object, Headers>();

/**
 * The `rel="next"` URL of a `Link` header (RFC 8288), or undefined.
 * @param header the header's value
 * @returns the URL
 * @see https://www.rfc-editor.org/rfc/rfc8288#section-3
 */
export function nextLink(header: string | null): string | undefined {
  for (const part of (header ?? '').split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2] ?? '')) return match[1];
  }
  return undefined;
}

/**
 * The data of a raw result, remembering its response headers for {@link nextCursorParam}: the query function of a
 * list whose next cursor only a response header gives (a `Link` header's next URL, or a header holding the cursor)
 * calls its client method with `raw: true` and passes the result through this.
 * @param result the raw result of the client call
 * @returns the data
 */
export function withHeaders<T>(result: RawResult<T>): T {
  if (result.data !== null && typeof result.data === 'object') pageHeaders.set(result.data, result.response.headers);
  return result.data;
}

/** A response header of a page read through {@link withHeaders}, or undefined. */
const headerOf = (page: unknown, name: string): string | undefined => (page !== null && typeof page === 'object' ? (pageHeaders.get(page)?.get(name) ?? undefined) : undefined);

/**
 * `getNextPageParam` of a cursor list: the next cursor from the body property (a cursor or a URL carrying it),
 * else the response header that holds it, else the `Link` header, else the key of the last item; undefined after the last page: the has-more flag is
 * false, the page is empty, the total count is reached, no next cursor is given or it is the cursor the page was
 * fetched with, or, for a cursor taken from the last item (which no server fact ends), a short page: fewer items
 * than the page size asked for (`pageSize`, else the limit's default in the metadata).
 * @param pagination the list's pagination metadata (`mode: 'cursor'`)
 * @param pageSize the page size the request asks for (its limit parameter), if known
 * @returns the function TanStack Query calls with the last page, all pages and the last page parameter
 */
export function nextCursorParam<T>(pagination: CursorPagination, pageSize?: unknown): (lastPage: T, allPages: T[], lastPageParam: string | undefined) => string | undefined {
  return (lastPage, allPages, lastPageParam) => {
    if (endedByFacts(lastPage, allPages, pagination)) return undefined;
    const items = itemsOf(lastPage, pagination);
    let cursor: string | undefined;
    if (pagination.nextCursorProperty !== undefined) cursor = cursorOf(readPath(lastPage, pagination.nextCursorProperty), pagination.cursorParam);
    else if (pagination.nextCursorHeader !== undefined) cursor = cursorOf(headerOf(lastPage, pagination.nextCursorHeader), pagination.cursorParam);
    else if (pagination.linkHeader) cursor = cursorOf(nextLink(headerOf(lastPage, 'link') ?? null), pagination.cursorParam);
    else if (pagination.nextCursorItemProperty !== undefined && items.length > 0) {
      const size = sizeOf(pageSize, pagination.defaultLimit);
      if (size !== undefined && items.length < size && pagination.hasMoreProperty === undefined) return undefined;
      cursor = cursorOf(readPath(items[items.length - 1], pagination.nextCursorItemProperty), pagination.cursorParam);
    }
    return cursor === undefined || cursor === lastPageParam ? undefined : cursor;
  };
}

/**
 * `getNextPageParam` of a link list (no paging parameter, only a `Link` header): the query of the last page's
 * `rel="next"` URL (`page=2`, without `?`), which the generated query function sends as the call's `query`;
 * undefined after the last page: the page is empty, the has-more flag is false, the total count is reached, no
 * next link comes or it names the page just read.
 * @param pagination the list's pagination metadata (`mode: 'link'`)
 * @returns the function TanStack Query calls with the last page, all pages and the last page parameter
 */
export function nextLinkQuery<T>(pagination: LinkPagination): (lastPage: T, allPages: T[], lastPageParam: string | undefined) => string | undefined {
  return (lastPage, allPages, lastPageParam) => {
    if (itemsOf(lastPage, pagination).length === 0 || endedByFacts(lastPage, allPages, pagination)) return undefined;
    const next = nextLink(headerOf(lastPage, 'link') ?? null);
    if (next === undefined) return undefined;
    try {
      const query = new URL(next, 'http://localhost').search.slice(1);
      return query === '' || query === lastPageParam ? undefined : query;
    } catch {
      return undefined;
    }
  };
}
