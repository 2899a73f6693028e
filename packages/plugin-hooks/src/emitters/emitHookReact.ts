import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';
import type { HookPlan, QueryPlan } from '../plan/planHook.js';
import { docBlock, factoryDoc, hookFile, importLine, layerImports } from './hookFile.js';
import { mutationFactory, mutationHookBody } from './mutationFactory.js';
import { clientCall, queryFactory, queryKeyCall } from './queryFactory.js';

/** Package the `react-query` adapter builds on. */
export const REACT_QUERY_MODULE = '@tanstack/react-query';

/**
 * Emits one hook file of the `react-query` adapter: the framework-free factory `<hookName>Options` (as the
 * `none` adapter emits it) and a hook built on `useQuery` / `useMutation` of `@tanstack/react-query` v5.
 * Mutations invalidate their stale keys through `useQueryClient()`, called when the hook runs (no
 * module-level `QueryClient`).
 * @param p the hook's plan (`planHook`)
 * @returns file contents
 * @see https://tanstack.com/query/v5/docs/framework/react/guides/invalidations-from-mutations
 */
export function emitHookReact(p: HookPlan): string {
  const factory = hooksNaming.optionsFactory(p.hookName);
  if (p.query) return reactQuery(p, p.query, factory);
  const body = [
    ...mutationFactory(p, p.mutation, factory, factoryDoc(p)),
    '',
    ...docBlock([
      ...p.doc,
      `A \`useMutation\` hook of \`${REACT_QUERY_MODULE}\`. On success it invalidates the query keys this mutation makes`,
      'stale, through the `QueryClient` of the nearest `QueryClientProvider`.',
    ]),
    `export function ${p.hookName}() {`,
    ...mutationHookBody(factory),
    '}',
  ];
  return hookFile(p, [importLine(['useMutation', 'useQueryClient'], REACT_QUERY_MODULE), ...layerImports(p)], body);
}

/** The query file: the factory, then a `useQuery` hook with the client method's plain parameters and `options`. */
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
    `export function ${p.hookName}(${[...p.args.map((d) => d.text), options].join(', ')}) {`,
    '  return useQuery({',
    '    ...options,',
    `    queryKey: ${queryKeyCall(p, q)},`,
    `    queryFn: ({ signal }) => ${clientCall(p, q.callArgs)},`,
    '  });',
    '}',
  ];
  const imports = [importLine(['useQuery', 'type DefaultError', 'type UseQueryOptions'], REACT_QUERY_MODULE), ...layerImports(p, [response])];
  return hookFile(p, imports, body);
}
