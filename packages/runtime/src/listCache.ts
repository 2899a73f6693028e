/**
 * Editing the lists a resource has in the TanStack Query cache: one response, or the pages of an infinite query,
 * with the items where the list's pagination metadata says they are. What every generated `<resource>Cache`
 * is made of.
 *
 * @see https://tanstack.com/query/v5/docs/framework/react/guides/optimistic-updates
 */
import type { CacheClient, QueryKey } from './queryClient.js';
import type { PropertyPath } from './meta.js';
import { readPath, withPath } from './paths.js';

/** Where a list response keeps its items and its total count. */
export interface ListShape {
  /** Where the items array is; absent when the response body is the array. */
  readonly items?: PropertyPath;
  /** Where the count of all items is, kept in step when items are added or removed; absent when there is none. */
  readonly total?: PropertyPath;
}

/** True for the data of an infinite query: `{ pages: [...], pageParams: [...] }`. */
function isInfinite(data: object): data is { pages: unknown[]; pageParams: unknown[] } {
  const d = data as { pages?: unknown; pageParams?: unknown };
  return !Array.isArray(data) && Array.isArray(d.pages) && Array.isArray(d.pageParams);
}

/** The number of items of a page (0 when it holds no array where the shape says). */
function countOf(page: unknown, shape: ListShape): number {
  const items = readPath(page, shape.items);
  return Array.isArray(items) ? items.length : 0;
}

/**
 * Edits the items of cached list data: one response, or each page of an infinite query (`edit` gets the page
 * index). When the count of items changes, each page's total (a number where `shape.total` says) follows it.
 * Data of another shape (no array where the shape says) is returned as it is.
 * @param data what the cache holds for a list query
 * @param shape where the items and the total are
 * @param edit returns the new items of a page, from a copy of its items and the page's index
 * @returns the new data (the input is not changed)
 */
export function editListData<Item>(data: unknown, shape: ListShape, edit: (items: Item[], page: number) => Item[]): unknown {
  if (data === null || typeof data !== 'object') return data;
  const infinite = isInfinite(data);
  const before: unknown[] = infinite ? data.pages : [data];
  const edited = before.map((page, index) => {
    const items = readPath(page, shape.items);
    return Array.isArray(items) ? withPath(page, shape.items, edit([...items] as Item[], index)) : page;
  });
  const delta = edited.reduce<number>((n, page) => n + countOf(page, shape), 0) - before.reduce<number>((n, page) => n + countOf(page, shape), 0);
  const { total } = shape;
  const pages = delta === 0 || total === undefined ? edited : edited.map((page) => {
    const count = readPath(page, total);
    return typeof count === 'number' ? withPath(page, total, count + delta) : page;
  });
  return infinite ? { ...data, pages } : pages[0];
}

/**
 * Edits every list cached under a key prefix (see {@link editListData}).
 * @param queryClient the cache
 * @param lists the key prefix of the lists (`contactsQueryKeys.lists()`)
 * @param shape where the items and the total are
 * @param edit returns the new items of a page
 */
export function editLists<Item>(queryClient: CacheClient, lists: QueryKey, shape: ListShape, edit: (items: Item[], page: number) => Item[]): void {
  queryClient.setQueriesData({ queryKey: lists }, (data) => editListData(data, shape, edit));
}

/** What a generated `<resource>Cache` is made from. */
export interface ListCacheSpec extends ListShape {
  /** The key prefix of the resource's lists (`contactsQueryKeys.lists`). */
  readonly lists: () => QueryKey;
  /** The item property that holds an item's key (or the path to it: `['metadata', 'name']`), compared as a string with the id given. */
  readonly key: PropertyPath;
  /**
   * Set when the key property holds the item's own URI or path (`uri: "/videos/123"`, HAL's `_links.self.href`):
   * the path segment that precedes the key in it (`videos`; `''` for none). An item is the one of an id when its
   * URI's path ends in that segment and the id ({@link uriEndsWithKey}).
   */
  readonly keyFromUri?: string;
  /** Where a detail's data holds the entity (`data` of `{ data: Contact }`); absent when the data is the entity. */
  readonly detail?: PropertyPath;
}

/**
 * True when a URI or path names the item of this key: its path, percent-decoded and without a query, a fragment or
 * trailing slashes, ends in `/<segment>/<key>` (`/<key>` when `segment` is empty). `/videos/123`,
 * `https://api.example.com/users/7/videos/123/` and `/videos/123?fields=uri` name video `123` of segment `videos`;
 * `/albums/123` and `/videos/1234` do not. A key may span segments (`dir/a.txt` of `/contents/dir/a.txt`).
 * @param uri the item's own URI or path
 * @param segment the path segment before the key (`videos`), or `''`
 * @param key the key (an item path argument)
 * @returns whether the URI ends in the segment and the key; false for a value that is no string
 * @see https://www.rfc-editor.org/rfc/rfc3986#section-3.3
 */
export function uriEndsWithKey(uri: unknown, segment: string, key: string): boolean {
  if (typeof uri !== 'string' || key === '') return false;
  const raw = uri.replace(/[?#][\s\S]*$/, '').replace(/\/+$/, '');
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // A malformed escape: compare the path as written.
  }
  return path.endsWith(`${segment === '' ? '' : `/${segment}`}/${key}`);
}

/** The data a {@link ListCache.snapshot} keeps: each cached query's key and data. */
export type CacheSnapshot = Array<[QueryKey, unknown]>;

/**
 * A function of one value, compared bivariantly: the helpers of a resource's items (`ListCache<Contact, …>`)
 * then fit where helpers of any item are expected (`ListCache<unknown, unknown>`, as an optimistic edit takes them).
 */
export type Edit<T> = { bivariant(value: T): T }['bivariant'];

/**
 * The cache helpers of a CRUD resource, for optimistic updates (`onMutate`) and manual cache edits. List edits
 * reach every list cached under the resource's lists prefix (or the prefix given), one response or infinite pages.
 * @typeParam Item an item of the list
 * @typeParam Detail the data of a detail query (the read operation's response)
 */
export interface ListCache<Item, Detail> {
  /** Sets a cached detail: a value, or an updater of the current one (`undefined` changes nothing). */
  setDetail(queryClient: CacheClient, detailKey: QueryKey, data: Detail | Edit<Detail | undefined>): void;
  /**
   * Merges a patch into the entity of every cached detail under this key (inside the detail's envelope, if any): the
   * detail itself, or each one with the read's parameters when the key is their prefix; no cached object, no change.
   */
  patchDetail(queryClient: CacheClient, detailKey: QueryKey, patch: object): void;
  /** Replaces the item of this key in every cached list with `update(item)`. */
  updateInLists(queryClient: CacheClient, id: string | number, update: Edit<Item>, lists?: QueryKey): void;
  /** Removes the item of this key from every cached list (a total follows). */
  removeFromLists(queryClient: CacheClient, id: string | number, lists?: QueryKey): void;
  /** Adds an item at the start of every cached list (the first page of an infinite query; a total follows). */
  addToLists(queryClient: CacheClient, item: Item, lists?: QueryKey): void;
  /** Cancels the queries under these keys (so no answer overwrites an optimistic edit) and returns their data. */
  snapshot(queryClient: CacheClient, keys: readonly QueryKey[]): Promise<CacheSnapshot>;
  /** Puts back the data a `snapshot` returned (a rollback). */
  restore(queryClient: CacheClient, snapshot: ReadonlyArray<readonly [QueryKey, unknown]>): void;
}

/**
 * The cache helpers of a CRUD resource (see {@link ListCache}).
 * @param spec the lists prefix, where the items and total are, and the item property holding the key (or a URI ending in it)
 * @returns the helpers
 * @example export const contactsCache = listCacheHelpers<Contact, Contact>({ lists: contactsQueryKeys.lists, items: 'items', total: 'total', key: 'id' });
 */
export function listCacheHelpers<Item, Detail>(spec: ListCacheSpec): ListCache<Item, Detail> {
  const { keyFromUri } = spec;
  const isItem = (item: Item, id: string | number): boolean =>
    keyFromUri === undefined ? String(readPath(item, spec.key)) === String(id) : uriEndsWithKey(readPath(item, spec.key), keyFromUri, String(id));
  const merge = (old: unknown, patch: object): unknown => (old === null || typeof old !== 'object' ? old : { ...old, ...patch });
  return {
    setDetail: (queryClient, detailKey, data) => void queryClient.setQueryData(detailKey, data),
    patchDetail: (queryClient, detailKey, patch) =>
      void queryClient.setQueriesData({ queryKey: detailKey }, (old: unknown) => {
        const entity = readPath(old, spec.detail);
        return entity === null || typeof entity !== 'object' ? old : withPath(old, spec.detail, merge(entity, patch));
      }),
    updateInLists: (queryClient, id, update, lists = spec.lists()) => editLists<Item>(queryClient, lists, spec, (items) => items.map((item) => (isItem(item, id) ? update(item) : item))),
    removeFromLists: (queryClient, id, lists = spec.lists()) => editLists<Item>(queryClient, lists, spec, (items) => items.filter((item) => !isItem(item, id))),
    addToLists: (queryClient, item, lists = spec.lists()) => editLists<Item>(queryClient, lists, spec, (items, page) => (page === 0 ? [item, ...items] : items)),
    snapshot: async (queryClient, keys) => {
      await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      return keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }).map(([key, data]): [QueryKey, unknown] => [key, data]));
    },
    restore: (queryClient, snapshot) => {
      for (const [queryKey, data] of snapshot) queryClient.setQueryData(queryKey, data);
    },
  };
}
