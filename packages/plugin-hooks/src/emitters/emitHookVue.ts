import type { ArgumentDeclaration } from '@reslayer/core';
import { declareArguments } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';
import type { HookPlan, QueryPlan } from '../plan/planHook.js';
import { docBlock, factoryDoc, hookFile, importLine, layerImports } from './hookFile.js';
import { mutationFactory, mutationHookBody } from './mutationFactory.js';
import { clientCall, queryFactory, queryKeyCall } from './queryFactory.js';

/** Package the `vue-query` adapter builds on. */
export const VUE_QUERY_MODULE = '@tanstack/vue-query';

/**
 * Emits one hook file of the `vue-query` adapter: the framework-free factory `<hookName>Options` (as the
 * `none` adapter emits it) and a composable built on `useQuery` / `useMutation` of `@tanstack/vue-query` v5.
 * Query parameters accept plain values, refs and getters (`MaybeRefOrGetter`): the key is a `computed` over
 * `toValue(...)`, so the query refetches when they change. Mutations invalidate their stale keys through
 * `useQueryClient()`, called when the composable runs (no module-level `QueryClient`).
 * @param p the hook's plan (`planHook`)
 * @returns file contents
 * @see https://tanstack.com/query/v5/docs/framework/vue/reactivity
 */
export function emitHookVue(p: HookPlan): string {
  const factory = hooksNaming.optionsFactory(p.hookName);
  if (p.query) return vueQuery(p, p.query, factory);
  const body = [
    ...mutationFactory(p, p.mutation, factory, factoryDoc(p)),
    '',
    ...docBlock([
      ...p.doc,
      `A \`useMutation\` composable of \`${VUE_QUERY_MODULE}\`. On success it invalidates the query keys this mutation makes`,
      'stale, through the `QueryClient` the app installed with `VueQueryPlugin`.',
    ]),
    `export function ${p.hookName}() {`,
    ...mutationHookBody(factory),
    '}',
  ];
  return hookFile(p, [importLine(['useMutation', 'useQueryClient'], VUE_QUERY_MODULE), ...layerImports(p)], body);
}

/**
 * The client method's parameters made to accept refs and getters: `T` becomes `MaybeRefOrGetter<T>`, an
 * optional `T` becomes `MaybeRefOrGetter<T | undefined>`, optional (`?`) only where the client method's is,
 * that is when no required parameter follows.
 */
function reactiveParameters(args: readonly ArgumentDeclaration[]): string[] {
  const specs = args.map((a, i) => ({
    name: a.name,
    type: `MaybeRefOrGetter<${a.optional ? `${a.type} | undefined` : a.type}>`,
    optional: a.optional && args.slice(i).every((later) => later.optional),
  }));
  return declareArguments(specs).map((d) => d.text);
}

/** The query file: the factory, then a `useQuery` composable with reactive parameters and `options`. */
function vueQuery(p: HookPlan, q: QueryPlan, factory: string): string {
  const response = clientNaming.responseType(p.s.op);
  const keyType = `ReturnType<typeof ${p.keys}.${q.member}>`;
  const toValue = (name: string): string => `toValue(${name})`;
  const key = queryKeyCall(p, q, toValue);
  const vue = [...(q.keyArgs.length > 0 ? ['computed'] : []), ...(q.callArgs.length > 0 ? ['toValue', 'type MaybeRefOrGetter'] : [])];
  const options = `options?: Omit<QueryOptions<${response}, DefaultError, ${response}, ${response}, ${keyType}>, 'queryKey' | 'queryFn'>`;
  const params = p.args.map((a) => a.name);
  const body = [
    ...queryFactory(p, q, factory, factoryDoc(p)),
    '',
    ...docBlock([
      ...p.doc,
      `A \`useQuery\` composable of \`${VUE_QUERY_MODULE}\`.${params.length > 0 ? ' Parameters accept plain values, refs and getters: the query' : ''}`,
      ...(params.length > 0 ? ['refetches when they change.'] : []),
      ...params.map((a) => `@param ${a} a value, a ref or a getter`),
      '@param options more `useQuery` options (`enabled`, `staleTime`, `refetchInterval`…), all but `queryKey` and `queryFn`',
    ]),
    `export function ${p.hookName}(${[...reactiveParameters(p.args), options].join(', ')}) {`,
    '  return useQuery({',
    '    ...options,',
    `    queryKey: ${q.keyArgs.length > 0 ? `computed(() => ${key})` : key},`,
    `    queryFn: ({ signal }) => ${clientCall(p, q.callArgs.map(toValue))},`,
    '  });',
    '}',
  ];
  const imports = [
    ...(vue.length > 0 ? [importLine(vue, 'vue')] : []),
    importLine(['useQuery', 'type DefaultError', 'type QueryOptions'], VUE_QUERY_MODULE),
    ...layerImports(p, [response]),
  ];
  return hookFile(p, imports, body);
}
