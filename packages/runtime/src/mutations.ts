/**
 * The mutation options of the generated layer: a mutation's cache effects are data (`<name>Invalidates`), and
 * these functions apply them through a `QueryClient`, with the optimistic edit and its rollback when asked.
 *
 * @see https://tanstack.com/query/v5/docs/framework/react/guides/invalidations-from-mutations
 */
import type { CacheClient, QueryKey } from './queryClient.js';
import type { CacheSnapshot, ListCache } from './listCache.js';

/**
 * The cache effects of a mutation, as data: functions of the mutation's variables that give query keys.
 * @typeParam V the mutation's variables
 */
export interface CacheEffects<V> {
  /** Keys (prefixes) to invalidate after success. */
  readonly invalidate: (variables: V) => readonly QueryKey[];
  /** Detail keys to remove after success (never refetched; a detail a component still shows stays until it unmounts). */
  readonly remove: (variables: V) => readonly QueryKey[];
  /** Detail keys set from the response (the response is the entity). */
  readonly setFromResponse: (variables: V) => readonly QueryKey[];
}

/**
 * Applies a mutation's cache effects after success, in this order: sets the details the response replaces,
 * removes the deleted details (cancelling their queries first; one with an observer is left to unmount, since
 * removing it under an observer would refetch the deleted item), then invalidates the keys and waits for the
 * refetches of the active queries.
 * @param queryClient the cache
 * @param effects the mutation's cache effects
 * @param data the mutation's response
 * @param variables the mutation's variables
 */
export async function applyCacheEffects<V>(queryClient: CacheClient, effects: CacheEffects<V>, data: unknown, variables: V): Promise<void> {
  for (const queryKey of effects.setFromResponse(variables)) queryClient.setQueryData(queryKey, data);
  for (const queryKey of effects.remove(variables)) {
    await queryClient.cancelQueries({ queryKey, exact: true });
    queryClient.removeQueries({ queryKey, exact: true, predicate: (query) => query.getObserversCount() === 0 });
  }
  await Promise.all(effects.invalidate(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** What a generated `<name>MutationOptions` declares. */
export interface MutationSpec<TData, V, K extends QueryKey> {
  /** The mutation key: `[...<resource>QueryKeys.all, '<method>']`. */
  readonly mutationKey: K;
  /** Calls the client method with the variables. */
  readonly mutationFn: (variables: V) => Promise<TData>;
  /** The mutation's cache effects. */
  readonly effects: CacheEffects<V>;
}

/** Mutation options whose `onSuccess` applies the cache effects. */
export interface CacheMutationOptions<TData, V, K extends QueryKey> {
  mutationKey: K;
  mutationFn: (variables: V) => Promise<TData>;
  /** Applies the cache effects through the `QueryClient` given (nothing without one). */
  onSuccess: (data: TData, variables: V) => Promise<void>;
}

/**
 * Framework-free mutation options: `{ mutationKey, mutationFn, onSuccess }`, where `onSuccess` applies the
 * cache effects (see {@link applyCacheEffects}).
 * @param queryClient the client whose cache the mutation updates; without one `onSuccess` does nothing
 * @param spec the mutation key, function and cache effects
 * @returns options for `useMutation` or `mutationOptions`
 */
export function cacheMutation<TData, V, K extends QueryKey = QueryKey>(queryClient: CacheClient | undefined, spec: MutationSpec<TData, V, K>): CacheMutationOptions<TData, V, K> {
  return {
    mutationKey: spec.mutationKey,
    mutationFn: spec.mutationFn,
    onSuccess: async (data, variables) => {
      if (queryClient) await applyCacheEffects(queryClient, spec.effects, data, variables);
    },
  };
}

/**
 * How an update or delete changes a CRUD resource's cache before the server answers: an update merges its
 * payload into the cached detail and the list items, a delete removes the item from the lists.
 * @typeParam V the mutation's variables
 */
export type OptimisticEdit<V> =
  | {
      readonly kind: 'update';
      readonly cache: ListCache<unknown, unknown>;
      readonly lists: (variables: V) => QueryKey;
      readonly id: (variables: V) => string | number;
      readonly detail: (variables: V) => QueryKey;
      /** The patch to merge; a payload that may be null merges nothing when it is. */
      readonly patch: (variables: V) => object | null | undefined;
      /** The payload properties the cached detail's entity has, when only some are (the others wait for the server's answer). */
      readonly fields?: readonly string[];
      /** The payload properties a cached list item has, when they are not those of `fields`. */
      readonly itemFields?: readonly string[];
    }
  | { readonly kind: 'delete'; readonly cache: ListCache<unknown, unknown>; readonly lists: (variables: V) => QueryKey; readonly id: (variables: V) => string | number };

/** The patch, or only its `fields` when given (own properties only); `{}` for no patch. */
function picked(patch: object | null | undefined, fields: readonly string[] | undefined): object {
  if (patch === null || typeof patch !== 'object') return {};
  if (!fields) return patch;
  return Object.fromEntries(Object.entries(patch).filter(([k]) => fields.includes(k)));
}

/** Mutation options with an optimistic edit: `onMutate` applies it, `onError` rolls it back. */
export interface OptimisticMutationOptions<TData, TError, V, K extends QueryKey> extends CacheMutationOptions<TData, V, K> {
  /** Cancels the queries the edit touches, snapshots them and applies the edit; returns the snapshot (`[]` when off). */
  onMutate: (variables: V) => Promise<CacheSnapshot>;
  /** Restores the snapshot and invalidates what the edit touched. */
  onError: (error: TError, variables: V, snapshot: unknown) => Promise<void>;
}

/**
 * Mutation options of an update or delete with an optimistic edit of the cache (see {@link OptimisticEdit}),
 * applied only when `enabled`: `onMutate` cancels the detail and list queries, snapshots them and applies the
 * edit; `onError` restores the snapshot and invalidates the keys the mutation invalidates and sets; `onSuccess`
 * applies the cache effects.
 * @param queryClient the client whose cache the mutation updates; without one the callbacks do nothing
 * @param spec the mutation key, function and cache effects
 * @param edit the optimistic edit
 * @param enabled whether to apply the edit (the per-call `optimistic` option)
 * @returns options for `useMutation` or `mutationOptions`
 */
export function optimisticMutation<TData, TError, V, K extends QueryKey = QueryKey>(queryClient: CacheClient | undefined, spec: MutationSpec<TData, V, K>, edit: OptimisticEdit<V>, enabled: boolean): OptimisticMutationOptions<TData, TError, V, K> {
  return {
    ...cacheMutation(queryClient, spec),
    onMutate: async (variables) => {
      if (!queryClient || !enabled) return [];
      const lists = edit.lists(variables);
      const id = edit.id(variables);
      if (edit.kind === 'delete') {
        const snapshot = await edit.cache.snapshot(queryClient, [lists]);
        edit.cache.removeFromLists(queryClient, id, lists);
        return snapshot;
      }
      const detail = edit.detail(variables);
      const payload = edit.patch(variables);
      const patch = picked(payload, edit.fields);
      const itemPatch = edit.itemFields ? picked(payload, edit.itemFields) : patch;
      const snapshot = await edit.cache.snapshot(queryClient, [detail, lists]);
      edit.cache.patchDetail(queryClient, detail, patch);
      edit.cache.updateInLists(queryClient, id, (item) => (item === null || typeof item !== 'object' ? item : { ...item, ...itemPatch }), lists);
      return snapshot;
    },
    onError: async (_error, variables, snapshot) => {
      if (!queryClient || !enabled || !Array.isArray(snapshot)) return;
      edit.cache.restore(queryClient, snapshot as CacheSnapshot);
      const stale = [...spec.effects.invalidate(variables), ...(edit.kind === 'update' ? spec.effects.setFromResponse(variables) : [])];
      await Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  };
}
