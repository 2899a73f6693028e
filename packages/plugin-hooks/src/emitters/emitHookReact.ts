import type { ApiModel } from '@reslayer/core';
import type { OperationSignature } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';
import { docBlock, factoryDoc, hookFile, layerImports, mutationFactory, mutationHookBody, planHook, queryFactory, type HookPlan, type QueryPlan, type InvalidationTarget } from './hookParts.js';

/** Package the `react-query` adapter builds on. */
export const REACT_QUERY_MODULE = '@tanstack/react-query';

/**
 * Emits one hook file of the `react-query` adapter: the framework-free factory `<hookName>Options` (as the
 * `none` adapter emits it) and a hook built on `useQuery` / `useMutation` of `@tanstack/react-query` v5.
 * Mutations invalidate their stale keys through `useQueryClient()`, called when the hook runs (no
 * module-level `QueryClient`).
 * @param model the API model
 * @param s the operation's signature (from plugin-client)
 * @param hookName the hook's unique name
 * @param targets resources whose keys the mutation invalidates (own resource first)
 * @returns file contents
 * @see https://tanstack.com/query/v5/docs/framework/react/guides/invalidations-from-mutations
 */
export function emitHookReact(model: ApiModel, s: OperationSignature, hookName: string, targets: InvalidationTarget[]): string {
  const p = planHook(model, s, hookName, targets);
  const factory = hooksNaming.optionsFactory(hookName);
  if (p.query) return reactQuery(p, p.query, factory);
  const body = [
    ...mutationFactory(p, p.mutation, factory, factoryDoc(p)),
    '',
    ...docBlock([
      ...p.doc,
      `A \`useMutation\` hook of \`${REACT_QUERY_MODULE}\`. On success it invalidates the query keys this mutation makes`,
      'stale, through the `QueryClient` of the nearest `QueryClientProvider`.',
    ]),
    `export function ${hookName}() {`,
    ...mutationHookBody(factory),
    '}',
  ];
  return hookFile(p, [`import { useMutation, useQueryClient } from '${REACT_QUERY_MODULE}';`, ...layerImports(p)], body);
}

function reactQuery(p: HookPlan, q: QueryPlan, factory: string): string {
  const response = clientNaming.responseType(p.s.op);
  const keyType = `ReturnType<typeof ${p.keys}.${q.member}>`;
  const options = `options?: Omit<UseQueryOptions<${response}, DefaultError, ${response}, ${keyType}>, 'queryKey' | 'queryFn'>`;
  const body = [
    ...queryFactory(p, q, factory, factoryDoc(p)),
    '',
    ...docBlock([
      ...p.doc,
      `A \`useQuery\` hook of \`${REACT_QUERY_MODULE}\`.`,
      '@param options more `useQuery` options (`enabled`, `staleTime`, `refetchInterval`…), all but `queryKey` and `queryFn`',
    ]),
    `export function ${p.hookName}(${[...clientNaming.argumentList(p.s).map((d) => d.text), options].join(', ')}) {`,
    '  return useQuery({',
    '    ...options,',
    `    queryKey: ${p.keys}.${q.member}(${q.keyArgs.join(', ')}),`,
    `    queryFn: ({ signal }) => ${p.client}.${clientNaming.method(p.s.op)}(${[...q.callArgs, '{ signal }'].join(', ')}),`,
    '  });',
    '}',
  ];
  const imports = [`import { useQuery, type DefaultError, type UseQueryOptions } from '${REACT_QUERY_MODULE}';`, ...layerImports(p, [response])];
  return hookFile(p, imports, body);
}
