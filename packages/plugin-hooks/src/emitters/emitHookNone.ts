import type { OperationSignature } from '@reslayer/core';
import type { ApiModel } from '@reslayer/core';
import { hookFile, layerImports, mutationFactory, planHook, queryFactory, type InvalidationTarget } from './hookParts.js';

/**
 * Emits one hook file of the `none` adapter: a query hook returning `{ queryKey, queryFn }` or a mutation hook
 * returning `{ mutationKey, mutationFn, invalidates }` — the option objects TanStack Query accepts in any framework.
 * @param model the API model
 * @param s the operation's signature (from plugin-client)
 * @param hookName the hook's unique name
 * @param targets resources whose keys the mutation invalidates (own resource first)
 * @returns file contents
 * @see https://tanstack.com/query/v5/docs/reference/QueryClient#queryclientinvalidatequeries
 */
export function emitHookNone(model: ApiModel, s: OperationSignature, hookName: string, targets: InvalidationTarget[]): string {
  const p = planHook(model, s, hookName, targets);
  if (p.query) {
    return hookFile(p, layerImports(p, []), queryFactory(p, p.query, hookName, ['Returns TanStack Query options: pass them to `useQuery`, `queryOptions` or `fetchQuery`.']));
  }
  return hookFile(p, layerImports(p), mutationFactory(p, p.mutation, hookName, [
    'Returns TanStack Query mutation options plus `invalidates`: the query keys this mutation makes stale',
    '(invalidate them in `onSuccess`).',
  ]));
}
