import { hooksNaming } from '../naming.js';
import type { HookPlan, QueryPlan } from '../plan/planHook.js';
import { frameworkFree } from './emitHookNone.js';
import { importErrorType } from './mutationFactory.js';
import { infiniteHook, mutationHook, queryHook } from './emitHookReact.js';
import { hookFile, Imports, wrapParameters } from './hookFile.js';

/** Package the `vue-query` adapter builds on. */
export const VUE_QUERY_MODULE = '@tanstack/vue-query';

/**
 * Emits one file of the `vue-query` adapter: the framework-free factories (as `none` emits them, importing
 * from `@tanstack/vue-query`), then composables: `use<Name>Query(args…, options?)`,
 * `use<Name>InfiniteQuery(params, options?)` for a paginated list, or `use<Name>Mutation(options?)`. Query
 * parameters accept plain values, refs and getters (`MaybeRefOrGetter`): the options are a getter over
 * `toValue(...)`, so the query refetches when they change.
 * @param p the hook plan
 * @returns file contents
 * @see https://tanstack.com/query/v5/docs/framework/vue/reactivity
 */
export function emitHookVue(p: HookPlan): string {
  const imports = new Imports();
  imports.add('vue', []);
  imports.add(VUE_QUERY_MODULE, []);
  const body = frameworkFree(p, VUE_QUERY_MODULE, imports);
  if (p.query) body.push('', ...vueQueries(p, p.query, imports));
  else {
    imports.add(VUE_QUERY_MODULE, ['useMutation', 'useQueryClient'], ['MutationOptions']);
    importErrorType(p, imports);
    const m = p.mutation;
    body.push('', ...mutationHook(p, m, `MutationOptions<${p.response}, ${p.error}, ${m.variables}, TOnMutateResult>`, 'the `QueryClient` the app installed with `VueQueryPlugin`', imports));
  }
  return hookFile(imports, body);
}

/** Parameters made reactive: `T` becomes `MaybeRefOrGetter<T>` (an optional one `MaybeRefOrGetter<T | undefined>`). */
const reactive = (declarations: readonly string[]): string[] => wrapParameters(declarations, 'MaybeRefOrGetter');

/** The composables: `useQuery` and, for a paginated list, `useInfiniteQuery`. */
function vueQueries(p: HookPlan, q: QueryPlan, imports: Imports): string[] {
  imports.add(VUE_QUERY_MODULE, ['useQuery'], ['QueryOptions']);
  if (p.args.length > 0) imports.add('vue', ['toValue'], ['MaybeRefOrGetter']);
  const factory = hooksNaming.queryOptions(p.hookName);
  const call = p.args.map((a) => `toValue(${a.name})`).join(', ');
  const doc = p.args.map((a) => `@param ${a.name} a value, a ref or a getter`);
  const optionsType = `Omit<QueryOptions<${q.data}, ${p.error}, TData, ${q.data}, ReturnType<typeof ${factory}>['queryKey']>, 'queryKey' | 'queryFn'>`;
  const lines = queryHook(p, q, { fn: 'useQuery', parameters: reactive, paramDocs: doc, args: call, optionsType, body: (o) => `useQuery(() => (${o}))` });
  return [...lines, ...infiniteHook(p, q, imports, { module: VUE_QUERY_MODULE, optionsType: 'InfiniteQueryObserverOptions', paramDocs: doc, parameters: reactive, args: call, body: (o) => `useInfiniteQuery(() => (${o}))` })];
}
