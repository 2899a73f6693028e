import type { ApiModel } from '@reslayer/core';
import type { OperationSignature } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';
import { docBlock, factoryDoc, hookFile, layerImports, mutationFactory, mutationHookBody, planHook, queryFactory, type HookPlan, type InvalidationTarget, type QueryPlan } from './hookParts.js';

/** Package the `vue-query` adapter builds on. */
export const VUE_QUERY_MODULE = '@tanstack/vue-query';

/**
 * Emits one hook file of the `vue-query` adapter: the framework-free factory `<hookName>Options` (as the
 * `none` adapter emits it) and a composable built on `useQuery` / `useMutation` of `@tanstack/vue-query` v5.
 * Query parameters accept plain values, refs and getters (`MaybeRefOrGetter`): the key is a `computed` over
 * `toValue(...)`, so the query refetches when they change. Mutations invalidate their stale keys through
 * `useQueryClient()`, called when the composable runs (no module-level `QueryClient`).
 * @param model the API model
 * @param s the operation's signature (from plugin-client)
 * @param hookName the hook's unique name
 * @param targets resources whose keys the mutation invalidates (own resource first)
 * @returns file contents
 * @see https://tanstack.com/query/v5/docs/framework/vue/reactivity
 */
export function emitHookVue(model: ApiModel, s: OperationSignature, hookName: string, targets: InvalidationTarget[]): string {
  const p = planHook(model, s, hookName, targets);
  const factory = hooksNaming.optionsFactory(hookName);
  if (p.query) return vueQuery(p, p.query, factory);
  const body = [
    ...mutationFactory(p, p.mutation, factory, factoryDoc(p)),
    '',
    ...docBlock([
      ...p.doc,
      `A \`useMutation\` composable of \`${VUE_QUERY_MODULE}\`. On success it invalidates the query keys this mutation makes`,
      'stale, through the `QueryClient` the app installed with `VueQueryPlugin`.',
    ]),
    `export function ${hookName}() {`,
    ...mutationHookBody(factory),
    '}',
  ];
  return hookFile(p, [`import { useMutation, useQueryClient } from '${VUE_QUERY_MODULE}';`, ...layerImports(p)], body);
}

/** A `name: T`, `name?: T` or `name: T | undefined` declaration made to accept refs and getters. */
function reactiveDeclaration(declaration: string): string {
  const m = /^([^?:]+)(\?)?: (.*)$/.exec(declaration);
  if (!m) return declaration;
  const [, name = '', optional, type = ''] = m;
  return optional ? `${name}?: MaybeRefOrGetter<${type} | undefined>` : `${name}: MaybeRefOrGetter<${type}>`;
}

function vueQuery(p: HookPlan, q: QueryPlan, factory: string): string {
  const response = clientNaming.responseType(p.s.op);
  const keyType = `ReturnType<typeof ${p.keys}.${q.member}>`;
  const key = `${p.keys}.${q.member}(${q.keyArgs.map((a) => `toValue(${a})`).join(', ')})`;
  const call = `${p.client}.${clientNaming.method(p.s.op)}(${[...q.callArgs.map((a) => `toValue(${a})`), '{ signal }'].join(', ')})`;
  const vue = [...(q.keyArgs.length > 0 ? ['computed'] : []), ...(q.callArgs.length > 0 ? ['toValue', 'type MaybeRefOrGetter'] : [])];
  const options = `options?: Omit<QueryOptions<${response}, DefaultError, ${response}, ${response}, ${keyType}>, 'queryKey' | 'queryFn'>`;
  const params = p.s.args.map((a) => a.name);
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
    `export function ${p.hookName}(${[...clientNaming.argumentList(p.s).map((d) => d.text).map(reactiveDeclaration), options].join(', ')}) {`,
    '  return useQuery({',
    '    ...options,',
    `    queryKey: ${q.keyArgs.length > 0 ? `computed(() => ${key})` : key},`,
    `    queryFn: ({ signal }) => ${call},`,
    '  });',
    '}',
  ];
  const imports = [
    ...(vue.length > 0 ? [`import { ${vue.join(', ')} } from 'vue';`] : []),
    `import { useQuery, type DefaultError, type QueryOptions } from '${VUE_QUERY_MODULE}';`,
    ...layerImports(p, [response]),
  ];
  return hookFile(p, imports, body);
}
