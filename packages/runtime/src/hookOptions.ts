/**
 * What a generated mutation hook (`use<Name>Mutation`, react-query and vue-query adapters) passes to
 * `useMutation`: the generated options, with the user's options over them and the user's callbacks chained
 * after the generated ones. Typed structurally (`C` is the adapter's `MutationFunctionContext`), so any 5.x
 * adapter's options fit.
 *
 * @see https://tanstack.com/query/v5/docs/framework/react/reference/useMutation
 */
import type { CacheSnapshot } from './listCache.js';
import type { CacheMutationOptions, OptimisticMutationOptions } from './mutations.js';
import type { QueryKey } from './queryClient.js';

/** The callbacks of TanStack Query 5's mutation options; `R` is what `onMutate` returns, `C` the mutation function context. */
export interface MutationCallbacks<TData, TError, V, R, C> {
  onMutate?: (variables: V, context: C) => R | Promise<R>;
  onSuccess?: (data: TData, variables: V, onMutateResult: R, context: C) => unknown;
  onError?: (error: TError, variables: V, onMutateResult: R | undefined, context: C) => unknown;
  onSettled?: (data: TData | undefined, error: TError | null, variables: V, onMutateResult: R | undefined, context: C) => unknown;
}

/** The options a mutation hook passes on: the user's (callbacks replaced), the generated key and function. */
export type HookMutationOptions<TData, TError, V, R, C> = MutationCallbacks<TData, TError, V, R, C> & {
  mutationKey: QueryKey;
  mutationFn: (variables: V) => Promise<TData>;
};

/**
 * The options of a mutation hook: the user's options, the generated key and function, and `onSuccess` running
 * the generated cache effects before the user's `onSuccess`.
 * @param generated the generated mutation options (`<name>MutationOptions(queryClient)`)
 * @param options the user's options (TanStack's, without `mutationKey` and `mutationFn`)
 * @returns options for `useMutation`
 */
export function withCacheEffects<TData, TError, V, R, C>(generated: CacheMutationOptions<TData, V, QueryKey>, options: MutationCallbacks<TData, TError, V, R, C> | undefined): HookMutationOptions<TData, TError, V, R, C> {
  return {
    ...options,
    mutationKey: generated.mutationKey,
    mutationFn: generated.mutationFn,
    onSuccess: async (data, variables, result, context) => {
      await generated.onSuccess(data, variables);
      await options?.onSuccess?.(data, variables, result, context);
    },
  };
}

/** What the `onMutate` of an optimistic mutation hook returns: the generated snapshot and the user's own result. */
export interface OptimisticResult<R> {
  snapshot: CacheSnapshot;
  user: R | undefined;
}

/**
 * The options of a mutation hook with an optimistic edit: the generated `onMutate` and `onError` run before the
 * user's (who gets back what the own `onMutate` returned), the generated `onSuccess` before the user's.
 * @param generated the generated mutation options (`<name>MutationOptions(queryClient, { optimistic })`)
 * @param options the user's options (TanStack's, without `mutationKey` and `mutationFn`)
 * @returns options for `useMutation`
 */
export function withOptimisticEffects<TData, TError, V, R, C>(generated: OptimisticMutationOptions<TData, TError, V, QueryKey>, options: MutationCallbacks<TData, TError, V, R, C> | undefined): HookMutationOptions<TData, TError, V, OptimisticResult<R>, C> {
  const user = options ?? {};
  return {
    ...user,
    mutationKey: generated.mutationKey,
    mutationFn: generated.mutationFn,
    onMutate: async (variables, context) => {
      const snapshot = await generated.onMutate(variables);
      return { snapshot, user: await user.onMutate?.(variables, context) };
    },
    onError: async (error, variables, result, context) => {
      await generated.onError(error, variables, result?.snapshot);
      await user.onError?.(error, variables, result?.user, context);
    },
    onSuccess: async (data, variables, result, context) => {
      await generated.onSuccess(data, variables);
      await user.onSuccess?.(data, variables, result.user as R, context);
    },
    onSettled: async (data, error, variables, result, context) => {
      await user.onSettled?.(data, error, variables, result?.user, context);
    },
  };
}
