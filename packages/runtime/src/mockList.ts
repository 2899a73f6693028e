/**
 * The list answer of a store-backed mock: the stored items filtered by the query, one page of them, in the
 * envelope the contract gives (the items array where the list's pagination metadata says, with the count,
 * page facts and next cursor or link kept in step with the store).
 */
import { cloneEntity, picked } from './mockClone.js';
import type { PropertyPath } from './meta.js';
import { readPath, withPath } from './paths.js';
import { searchItems, sortItems, type SearchSpec, type SortSpec } from './mockQuery.js';

/** How the list reads its page window from the query string. */
export type PageWindow =
  | {
      readonly mode: 'page';
      /** The page number parameter. */
      readonly param: string;
      /** The page size parameter. */
      readonly size?: string;
      /** The number of the first page (1 unless given). */
      readonly first?: number;
      /** The page without a page parameter (the first unless given). */
      readonly defaultPage?: number;
      /** The page size without a size parameter. */
      readonly defaultSize: number;
    }
  | { readonly mode: 'offset'; readonly param: string; readonly limit?: string; readonly defaultSize: number }
  | {
      readonly mode: 'cursor';
      readonly param: string;
      readonly limit?: string;
      readonly defaultSize: number;
      /** The item property a cursor names (`starting_after=<id>`): a page starts after that item; else a cursor is an offset. */
      readonly after?: PropertyPath;
      /** How an offset cursor is written: base64 of its digits (the contract's cursor is base64); absent: the digits. */
      readonly encode?: 'base64';
    };

/**
 * What fills a property of the page object: the items, the count of all items (`total`), the number of pages,
 * the page number, its size, its offset, whether more or earlier items exist, or the next page as a cursor (the
 * offset of the next page, as text), a URL (this request's with the next page's parameter) or a page number.
 */
export type PageSource = 'items' | 'total' | 'pages' | 'page' | 'size' | 'offset' | 'hasMore' | 'hasPrevious' | 'nextCursor' | 'nextUrl' | 'nextPage';

/**
 * A property of the page object: where it is, what fills it, and for a next cursor, URL or page its value on
 * the last page (`null`, `''`; absent: the property is left out).
 */
export type PageField = readonly [path: PropertyPath, source: PageSource, last?: null | ''];

/** List filters: query parameter, entity property, list separator (`''`: repeated parameter). */
export type Filters = ReadonlyArray<readonly [string, string, string]>;

/** How a list answers from the store. */
export interface ListSpec {
  /** Where the items array is in the body; absent when the body is the array. */
  readonly items?: PropertyPath;
  /** The page window; absent when the list answers every item. */
  readonly page?: PageWindow;
  /** The page object's computed properties. */
  readonly fields?: readonly PageField[];
  /** The page object's other required properties, with sample values. */
  readonly template?: object;
  /** Query parameters that filter by an entity property. */
  readonly filters?: Filters;
  /** Free-text parameters (`q`) and the properties they search. */
  readonly search?: SearchSpec;
  /** Sort parameters (`sort=-lastName`, `order=desc`). */
  readonly sort?: SortSpec;
  /** The entity properties a list item carries, when the list answers a summary of each stored item. */
  readonly pick?: readonly string[];
  /** Of `pick`, the properties answered as their text (a numeric key the item declares a string). */
  readonly text?: readonly string[];
  /** What a summary item starts from before the picked properties are copied in (values the entity has none of). */
  readonly itemDefaults?: object;
  /** The key property, when the list answers each stored item's key (a list of names or ids) instead of the item. */
  readonly keys?: string;
  /** True when the list sends a `Link` header with the next page (`rel="next"`). */
  readonly link?: boolean;
  /** The response header that holds the next cursor, sent while more items follow (`NextPageToken`). */
  readonly nextHeader?: string;
}

/**
 * An integer query parameter.
 * @param query the request's query
 * @param name parameter name
 * @param fallback value when it is absent or not a number
 * @returns the value
 */
export function intParam(query: URLSearchParams, name: string, fallback: number): number {
  const value = Number.parseInt(query.get(name) ?? '', 10);
  return Number.isNaN(value) ? fallback : value;
}

/**
 * The items whose property equals one of the values of each filter parameter present in the query, case ignored
 * (`status=ACTIVE` keeps `active` items, as most servers compare).
 * @param items the store's items
 * @param query the request's query
 * @param filters the filters of the list operation
 * @returns the items kept
 */
export function filterItems<T>(items: T[], query: URLSearchParams, filters: Filters): T[] {
  return items.filter((item) =>
    filters.every(([name, property, separator]) => {
      const wanted = query.getAll(name).flatMap((value) => (separator ? value.split(separator) : [value])).map((v) => v.toLowerCase());
      return wanted.length === 0 || wanted.includes(String((item as Record<string, unknown>)[property]).toLowerCase());
    }),
  );
}

/** The window of a request: where the page starts, its size and number, and the parameter value of the next page. */
interface Window {
  start: number;
  size: number;
  page: number;
  next: number | string;
}

function windowOf(query: URLSearchParams, page: PageWindow | undefined, items: readonly unknown[]): Window {
  if (!page) return { start: 0, size: Math.max(1, items.length), page: 1, next: 2 };
  if (page.mode === 'page') {
    const first = page.first ?? 1;
    const number = intParam(query, page.param, page.defaultPage ?? first);
    const size = page.size ? Math.max(1, intParam(query, page.size, page.defaultSize)) : page.defaultSize;
    return { start: Math.max(0, (number - first) * size), size, page: number, next: number + 1 };
  }
  const size = page.limit ? Math.max(1, intParam(query, page.limit, page.defaultSize)) : page.defaultSize;
  if (page.mode === 'cursor' && page.after !== undefined) {
    const key = page.after;
    const cursor = query.get(page.param);
    const start = cursor === null ? 0 : items.findIndex((item) => String(readPath(item, key)) === cursor) + 1;
    const last = items[Math.min(start + size, items.length) - 1];
    return { start, size, page: Math.floor(start / size) + 1, next: last === undefined ? '' : String(readPath(last, key)) };
  }
  const encoded = page.mode === 'cursor' && page.encode === 'base64';
  const start = Math.max(0, encoded ? offsetOf(query.get(page.param)) : intParam(query, page.param, 0));
  return { start, size, page: Math.floor(start / size) + 1, next: encoded ? btoa(String(start + size)) : start + size };
}

/** The offset a base64 cursor holds (a `+` the query string turned into a space restored); 0 when absent or not one. */
function offsetOf(cursor: string | null): number {
  try {
    const value = Number.parseInt(atob((cursor ?? '').replace(/ /g, '+')), 10);
    return Number.isNaN(value) ? 0 : value;
  } catch {
    return 0;
  }
}

/** This request's URL with the next page's parameter. */
function nextUrl(url: URL, page: PageWindow | undefined, w: Window): string {
  const next = new URL(url);
  if (page) next.searchParams.set(page.param, String(w.next));
  return next.href;
}

/** The value of a page field. */
function fieldValue(source: PageSource, w: Window, count: number, url: URL, page: PageWindow | undefined): unknown {
  const more = w.start + w.size < count;
  switch (source) {
    case 'total':
      return count;
    case 'pages':
      return Math.ceil(count / w.size);
    case 'page':
      return w.page;
    case 'size':
      return w.size;
    case 'offset':
      return w.start;
    case 'hasMore':
      return more;
    case 'hasPrevious':
      return w.start > 0;
    case 'nextCursor':
      return more ? String(w.next) : undefined;
    case 'nextUrl':
      return more ? nextUrl(url, page, w) : undefined;
    case 'nextPage':
      return more ? w.next : undefined;
    default:
      return undefined;
  }
}

/**
 * The answer of a list: the items of the store (a copy of each, the `pick`ed properties, or the `keys`), filtered by the query
 * (equality filters, then free text), sorted as it says, cut to the requested page, in the list's envelope; and the `Link` header of the next page, or the header holding the next cursor, when the list sends one.
 * @param all the stored items (before filtering)
 * @param request the intercepted request
 * @param spec the list's envelope, window and filters
 * @returns the body and the response headers
 */
export function listAnswer<E>(all: readonly E[], request: Request, spec: ListSpec): { body: unknown; headers: Record<string, string> } {
  const url = new URL(request.url);
  const filtered = spec.filters?.length ? filterItems([...all], url.searchParams, spec.filters) : [...all];
  const found = spec.search ? searchItems(filtered, url.searchParams, spec.search) : filtered;
  const matching = spec.sort ? sortItems(found, url.searchParams, spec.sort) : found;
  const w = windowOf(url.searchParams, spec.page, matching);
  const pick = spec.pick;
  const summary = (item: E): object => ({ ...(spec.itemDefaults ? cloneEntity(spec.itemDefaults) : {}), ...picked(item, pick ?? [], spec.text) });
  const keys = spec.keys;
  const items = matching.slice(w.start, w.start + w.size).map((item) => (keys !== undefined ? (item as Record<string, unknown>)[keys] : pick ? summary(item) : item));
  let body: unknown = spec.items === undefined ? items : withPath(spec.template ? cloneEntity(spec.template) : {}, spec.items, items);
  for (const [path, source, last] of spec.fields ?? []) {
    if (source === 'items') continue;
    const value = fieldValue(source, w, matching.length, url, spec.page);
    if (value !== undefined) body = withPath(body, path, value);
    else if (last !== undefined) body = withPath(body, path, last);
  }
  const more = w.start + w.size < matching.length;
  const headers: Record<string, string> = {};
  if (more && spec.link) headers['Link'] = `<${nextUrl(url, spec.page, w)}>; rel="next"`;
  if (more && spec.nextHeader !== undefined) headers[spec.nextHeader] = String(w.next);
  return { body, headers };
}
