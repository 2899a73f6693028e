/**
 * `@reslayer/runtime/query`: what every resource's generated TanStack Query layer (`@reslayer/plugin-hooks`)
 * shares — the list-cache helpers behind `<resource>Cache`, applying a mutation's cache effects (given as data),
 * the optimistic edit and its rollback, the chaining of a hook's callbacks, and the next page of an infinite
 * query. Kept here once instead of in every generated resource. It imports nothing from TanStack Query: a
 * `QueryClient` of any 5.x adapter fits its structural `CacheClient`. The client entry point `@reslayer/runtime`
 * never imports this module.
 *
 * @see https://tanstack.com/query/v5/docs/reference/QueryClient
 * @packageDocumentation
 */
export { readAccessor } from './accessor.js';
export type { MaybeAccessor } from './accessor.js';
export { editListData, editLists, listCacheHelpers } from './listCache.js';
export type { CacheSnapshot, Edit, ListCache, ListCacheSpec, ListShape } from './listCache.js';
export { applyCacheEffects, cacheMutation, optimisticMutation } from './mutations.js';
export type { CacheEffects, CacheMutationOptions, MutationSpec, OptimisticEdit, OptimisticMutationOptions } from './mutations.js';
export { withCacheEffects, withOptimisticEffects } from './hookOptions.js';
export type { HookMutationOptions, MutationCallbacks, OptimisticResult } from './hookOptions.js';
export { cursorOf, nextCursorParam, nextLink, nextLinkQuery, nextPageParam, withHeaders } from './pages.js';
export { readPath, withPath } from './paths.js';
export type { CacheClient, KeyFilters, QueryKey } from './queryClient.js';
