/**
 * The part of TanStack Query's `QueryClient` the generated query layer uses, written structurally: a
 * `QueryClient` of any 5.x release and of any adapter (`@tanstack/react-query`, `@tanstack/vue-query`,
 * `@tanstack/query-core`) fits it, so the runtime never depends on one copy of `@tanstack/query-core`.
 *
 * @see https://tanstack.com/query/v5/docs/reference/QueryClient
 */

/** A query key: TanStack Query's `QueryKey`. */
export type QueryKey = readonly unknown[];

/** The filters the generated layer passes: a key prefix, exact or not, and which queries. */
export interface KeyFilters {
  queryKey: QueryKey;
  exact?: boolean;
  /** Keeps the queries it returns true for. */
  predicate?: (query: { getObserversCount(): number }) => boolean;
}

/** The methods of a `QueryClient` the cache helpers and cache effects call. */
export interface CacheClient {
  setQueryData(queryKey: QueryKey, updater: unknown): unknown;
  setQueriesData(filters: KeyFilters, updater: (old: unknown) => unknown): unknown;
  getQueriesData(filters: KeyFilters): ReadonlyArray<readonly [QueryKey, unknown]>;
  cancelQueries(filters: KeyFilters): Promise<void>;
  invalidateQueries(filters: KeyFilters): Promise<void>;
  removeQueries(filters: KeyFilters): void;
}
