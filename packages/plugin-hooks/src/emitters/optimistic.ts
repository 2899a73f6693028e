import { importPath } from '@reslayer/core';
import { hooksNaming } from '../naming.js';
import type { HookPlan } from '../plan/planHook.js';
import type { MutationPlan, OptimisticPlan } from '../plan/planMutation.js';
import type { Imports } from './hookFile.js';
import { keyExpression, member } from './mutationKeys.js';

/** The type of what the factory's `onMutate` returns: the snapshot to roll back to (empty when not optimistic). */
const SNAPSHOT_TYPE = 'Array<[QueryKey, unknown]>';

/**
 * The optimistic part of a mutation options factory (update or delete of a CRUD item): `onMutate` cancels the
 * queries of the detail and the lists, snapshots them and applies the change through `<resource>Cache`
 * (an update merges the payload into the detail and the list items, a delete removes the item from the lists);
 * `onError` restores the snapshot and invalidates what it touched. Both do nothing unless `optimistic` is on
 * (the per-call option, else the plugin's). Adds its imports.
 * @param p the hook plan
 * @param m its mutation plan
 * @param o its optimistic plan
 * @param tq the TanStack Query module the file imports from
 * @param imports the file's imports
 * @returns the members of the returned options object (`onMutate`, `onError`), indented for it
 */
export function optimisticMembers(p: HookPlan, m: MutationPlan, o: OptimisticPlan, tq: string, imports: Imports): string[] {
  imports.add(tq, [], ['QueryKey']);
  imports.add(importPath(p.file, hooksNaming.hookFile(o.target.resource, o.cache.listHook)), [o.cache.name]);
  const keysObject = p.keys;
  const detailArgs = o.target.detailArgs ?? [];
  const id = member(m, detailArgs[detailArgs.length - 1] ?? '');
  const lists = keyExpression(m, { keysObject, member: 'lists', args: o.target.listArgs ?? [] });
  const cache = o.cache.name;
  const fx = hooksNaming.invalidates(p.hookName);
  const update = o.kind === 'update';
  const apply = update
    ? [
        `      const detail = ${keyExpression(m, { keysObject, member: 'detail', args: detailArgs })};`,
        `      const lists = ${lists};`,
        `      const snapshot = await ${cache}.snapshot(queryClient, [detail, lists]);`,
        `      ${cache}.setDetail(queryClient, detail, (old) => (old === undefined ? old : ({ ...old, ...${member(m, 'payload')} } as NonNullable<typeof old>)));`,
        `      ${cache}.updateInLists(queryClient, ${id}, (item) => ({ ...item, ...${member(m, 'payload')} }) as typeof item, lists);`,
      ]
    : [`      const lists = ${lists};`, `      const snapshot = await ${cache}.snapshot(queryClient, [lists]);`, `      ${cache}.removeFromLists(queryClient, ${id}, lists);`];
  const stale = update ? `[...${fx}.invalidate(variables), ...${fx}.setFromResponse(variables)]` : `${fx}.invalidate(variables)`;
  return [
    `    onMutate: async (variables: ${m.variables}): Promise<${SNAPSHOT_TYPE}> => {`,
    '      if (!queryClient || !optimistic) return [];',
    ...apply,
    '      return snapshot;',
    '    },',
    // `unknown`: a user's own `onMutate` may replace the generated one (its result then reaches here).
    `    onError: async (_error: ${p.error}, variables: ${m.variables}, snapshot: unknown): Promise<void> => {`,
    '      if (!queryClient || !optimistic || !Array.isArray(snapshot)) return;',
    `      ${cache}.restore(queryClient, snapshot as ${SNAPSHOT_TYPE});`,
    `      await Promise.all(${stale}.map((queryKey: QueryKey) => queryClient.invalidateQueries({ queryKey })));`,
    '    },',
  ];
}

/**
 * The body of a mutation hook with optimistic updates: the generated `onMutate` and `onError` run first, then
 * the user's (who gets back what the own `onMutate` returned); the generated `onSuccess` runs before the user's.
 * @param p the hook plan
 * @returns the lines from `const queryClient` to the end of `useMutation({...})`
 */
export function optimisticHookBody(p: HookPlan): string[] {
  return [
    '  const queryClient = useQueryClient();',
    '  const { optimistic, ...rest } = options ?? {};',
    `  const generated = ${hooksNaming.mutationOptions(p.hookName)}(queryClient, optimistic === undefined ? {} : { optimistic });`,
    '  return useMutation({',
    '    ...rest,',
    '    mutationKey: generated.mutationKey,',
    '    mutationFn: generated.mutationFn,',
    '    onMutate: async (variables, context) => {',
    '      const snapshot = await generated.onMutate(variables);',
    '      return { snapshot, user: (await rest.onMutate?.(variables, context)) as TOnMutateResult | undefined };',
    '    },',
    '    onError: async (error, variables, result, context) => {',
    '      await generated.onError(error, variables, result?.snapshot);',
    '      await rest.onError?.(error, variables, result?.user, context);',
    '    },',
    '    onSuccess: async (data, variables, result, context) => {',
    '      await generated.onSuccess(data, variables);',
    '      await rest.onSuccess?.(data, variables, result.user as TOnMutateResult, context);',
    '    },',
    '    onSettled: async (data, error, variables, result, context) => {',
    '      await rest.onSettled?.(data, error, variables, result?.user, context);',
    '    },',
    '  });',
  ];
}
