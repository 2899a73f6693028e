import type { HookPlan } from '../plan/planHook.js';
import { hookFile, layerImports } from './hookFile.js';
import { mutationFactory } from './mutationFactory.js';
import { queryFactory } from './queryFactory.js';

/**
 * Emits one hook file of the `none` adapter: a query hook returning `{ queryKey, queryFn }` or a mutation hook
 * returning `{ mutationKey, mutationFn, invalidates }` — the option objects TanStack Query accepts in any framework.
 * @param p the hook's plan (`planHook`)
 * @returns file contents
 * @see https://tanstack.com/query/v5/docs/reference/QueryClient#queryclientinvalidatequeries
 */
export function emitHookNone(p: HookPlan): string {
  if (p.query) {
    return hookFile(p, layerImports(p), queryFactory(p, p.query, p.hookName, ['Returns TanStack Query options: pass them to `useQuery`, `queryOptions` or `fetchQuery`.']));
  }
  return hookFile(p, layerImports(p), mutationFactory(p, p.mutation, p.hookName, [
    'Returns TanStack Query mutation options plus `invalidates`: the query keys this mutation makes stale',
    '(invalidate them in `onSuccess`).',
  ]));
}
