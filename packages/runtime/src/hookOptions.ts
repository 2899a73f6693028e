/**
 * What a generated mutation hook (`use<Name>Mutation`, react-query and vue-query adapters) passes to
 * `useMutation`: the generated options, with the user's options over them and the user's callbacks chained
 * after the generated ones.
 */
import type { MutationFunctionContext, MutationOptions } from '@tanstack/query-core';
import type { CacheSnapshot } from './listCache.js';
import type { CacheMutationOptions, OptimisticMutationOptions } from './mutations.js';

/** The options a user gives a generated mutation hook: TanStack's, without what the generated options set. */
export type UserMutationOptions<TData, TError, V, R> = Omit<MutationOptions<TData, TError, V, R>, 'mutationKey' | 'mutationFn'>;

/**
 * The options of a mutation hook: the user's options, the generated key and function, and `onSuccess` running
 * the generated cache effects before the user's `onSuccess`.
 * @param generated the generated mutation options (`<name>MutationOptions(queryClient)`)
 * @param options the user's options
 * @returns options for `useMutation`
 */
export function withCacheEffects<TData, TError, V, R>(generated: CacheMutationOptions<TData, V, readonly unknown[]>, options: UserMutationOptions<TData, TError, V, R> | undefined): MutationOptions<TData, TError, V, R> {
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
 * @param options the user's options
 * @returns options for `useMutation`
 */
export function withOptimisticEffects<TData, TError, V, R>(generated: OptimisticMutationOptions<TData, TError, V, readonly unknown[]>, options: UserMutationOptions<TData, TError, V, R> | undefined): MutationOptions<TData, TError, V, OptimisticResult<R>> {
  const user = options ?? {};
  return {
    ...user,
    mutationKey: generated.mutationKey,
    mutationFn: generated.mutationFn,
    onMutate: async (variables: V, context: MutationFunctionContext) => {
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
