import { hooksNaming } from '../naming.js';
import type { HookPlan, QueryPlan } from '../plan/planHook.js';
import type { MutationPlan } from '../plan/planMutation.js';
import { frameworkFree } from './emitHookNone.js';
import { importErrorType } from './mutationFactory.js';
import { docBlock, hookFile, Imports, runtimeQueryModule } from './hookFile.js';
import { factoryParameters, infiniteParamsType, queryCall } from './queryFactory.js';

/** Package the `react-query` adapter builds on. */
export const REACT_QUERY_MODULE = '@tanstack/react-query';

/**
 * Emits one file of the `react-query` adapter: the framework-free factories (as `none` emits them, importing
 * from `@tanstack/react-query`), then `use<Name>Query(args…, options?)` and `useSuspense<Name>Query`,
 * `use<Name>InfiniteQuery(params, options?)` for a paginated list, or `use<Name>Mutation(options?)`.
 * `options` is TanStack's own options type minus what the factory sets; a user's `onSuccess` runs after the
 * generated cache effects.
 * @param p the hook plan
 * @returns file contents
 * @see https://tanstack.com/query/v5/docs/framework/react/guides/invalidations-from-mutations
 */
export function emitHookReact(p: HookPlan): string {
  const imports = new Imports();
  imports.add(REACT_QUERY_MODULE, []);
  const body = frameworkFree(p, REACT_QUERY_MODULE, imports);
  body.push('', ...(p.query ? reactQueries(p, p.query, imports) : reactMutation(p, p.mutation, imports)));
  return hookFile(imports, body);
}

/** The query hooks: `useQuery`, `useSuspenseQuery` and, for a paginated list, `useInfiniteQuery`. */
function reactQueries(p: HookPlan, q: QueryPlan, imports: Imports): string[] {
  imports.add(REACT_QUERY_MODULE, ['useQuery', 'useSuspenseQuery'], ['UseQueryOptions', 'UseSuspenseQueryOptions']);
  const factory = hooksNaming.queryOptions(p.hookName);
  const key = `ReturnType<typeof ${factory}>['queryKey']`;
  const params = factoryParameters(p, q);
  const names = p.args.map((a) => a.name);
  const omit = "'queryKey' | 'queryFn'";
  const strict = p.args.map((a) => (q.requiredPath.includes(a.name) ? `${a.name}: ${a.type}` : a.text));
  const lines = [
    ...docBlock([...p.doc, '`useQuery` with the query options of this operation; `error` is typed as the operation\'s error.', '@param options more `useQuery` options (`select`, `enabled`, `staleTime`…), all but `queryKey` and `queryFn`']),
    `export function ${p.hookName}<TData = ${q.data}>(${[...params, `options?: Omit<UseQueryOptions<${q.data}, ${p.error}, TData, ${key}>, ${omit}>`].join(', ')}) {`,
    `  return useQuery({ ...options, ...${factory}(${names.join(', ')}) });`,
    '}',
    '',
    ...docBlock([...p.doc, '`useSuspenseQuery` with the query options of this operation (inside a `Suspense` boundary).']),
    `export function ${hooksNaming.suspenseHook(p.hookName)}<TData = ${q.data}>(${[...strict, `options?: Omit<UseSuspenseQueryOptions<${q.data}, ${p.error}, TData, ${key}>, ${omit}>`].join(', ')}) {`,
    `  const { queryKey } = ${factory}(${names.join(', ')});`,
    `  return useSuspenseQuery({ ...options, queryKey, queryFn: ({ signal }) => ${queryCall(p, q)} });`,
    '}',
  ];
  return [...lines, ...infiniteHook(p, q, imports, { module: REACT_QUERY_MODULE, optionsType: 'UseInfiniteQueryOptions', paramDocs: [], parameters: (d) => d, args: names.join(', '), body: (o) => `useInfiniteQuery(${o})` })];
}

/** What differs between the adapters' infinite query hooks. */
export interface InfiniteHookAdapter {
  /** Package the hook comes from. */
  module: string;
  /** TanStack's options type of `useInfiniteQuery` in that package. */
  optionsType: string;
  /** `@param` lines for the factory's parameters. */
  paramDocs: string[];
  /** The hook's parameters from the factory's (the Vue adapter makes them reactive). */
  parameters: (declarations: string[]) => string[];
  /** The arguments passed on to the infinite query options factory. */
  args: string;
  /** The hook call around the options object expression (the Vue adapter passes a getter). */
  body: (options: string) => string;
}

/**
 * The `use<Name>InfiniteQuery` hook of a paginated list, shared by the adapters (with a blank line before
 * it), or nothing for an operation without infinite query options.
 * @param p the hook plan
 * @param q its query plan
 * @param imports the file's imports (updated)
 * @param adapter what the adapter changes
 */
export function infiniteHook(p: HookPlan, q: QueryPlan, imports: Imports, adapter: InfiniteHookAdapter): string[] {
  const inf = q.infinite;
  if (!inf) return [];
  imports.add(adapter.module, ['useInfiniteQuery'], ['InfiniteData', adapter.optionsType]);
  const infFactory = hooksNaming.infiniteQueryOptions(p.hookName);
  const o = `ReturnType<typeof ${infFactory}>`;
  const pageParam = `${o}['initialPageParam']`;
  return [
    '',
    ...docBlock([...p.doc, '`useInfiniteQuery` over the pages of this list: `fetchNextPage()` loads the next one.', ...adapter.paramDocs, '@param options more `useInfiniteQuery` options, all but what the infinite query options set']),
    `export function ${hooksNaming.infiniteHook(p.hookName)}<TData = InfiniteData<${p.response}, ${pageParam}>>(${[
      ...adapter.parameters(factoryParameters(p, q, infiniteParamsType(p, inf))),
      `options?: Omit<${adapter.optionsType}<${p.response}, ${p.error}, TData, ${o}['queryKey'], ${pageParam}>, 'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'>`,
    ].join(', ')}) {`,
    `  return ${adapter.body(`{ ...options, ...${infFactory}(${adapter.args}) }`)};`,
    '}',
  ];
}

/** The mutation hook: `useMutation` with the generated options, the user's options and callbacks after ours. */
function reactMutation(p: HookPlan, m: MutationPlan, imports: Imports): string[] {
  imports.add(REACT_QUERY_MODULE, ['useMutation', 'useQueryClient'], ['UseMutationOptions']);
  importErrorType(p, imports);
  return mutationHook(p, m, `UseMutationOptions<${p.response}, ${p.error}, ${m.variables}, TOnMutateResult>`, 'the `QueryClient` of the nearest `QueryClientProvider`', imports);
}

/**
 * A mutation hook shared by the adapters: `useMutation` over the generated options through the app's
 * `QueryClient` (`useQueryClient()` at call time), the user's options over them, and the user's callbacks chained
 * after the generated ones (`withCacheEffects`, or `withOptimisticEffects` of `@reslayer/runtime/query`).
 * @param p the hook plan
 * @param m its mutation plan
 * @param optionsType the adapter's mutation options type
 * @param clientText where the `QueryClient` comes from (for the doc)
 * @param imports the file's imports
 * @returns lines
 */
export function mutationHook(p: HookPlan, m: MutationPlan, optionsType: string, clientText: string, imports: Imports): string[] {
  const optimistic = m.optimistic !== undefined;
  const factory = hooksNaming.mutationOptions(p.hookName);
  imports.add(runtimeQueryModule(p), [optimistic ? 'withOptimisticEffects' : 'withCacheEffects']);
  return [
    ...docBlock([
      ...p.doc,
      `\`useMutation\` with the mutation options of this operation; its cache effects run through ${clientText},`,
      optimistic ? 'then the callbacks given here (`onMutate`, `onError` and `onSettled` get what their own `onMutate` returned).' : 'then the `onSuccess` given here.',
      '@param options more `useMutation` options (`onMutate`, `onSuccess`, `onError`, `meta`, `retry`…), all but `mutationKey` and `mutationFn`',
      ...(optimistic ? ['(`optimistic: true` applies the change to the cache before the server answers and rolls it back on error)'] : []),
    ]),
    `export function ${p.hookName}<TOnMutateResult = unknown>(options?: Omit<${optionsType}, 'mutationKey' | 'mutationFn'>${optimistic ? ' & { optimistic?: boolean }' : ''}) {`,
    ...(optimistic
      ? [
          '  const { optimistic, ...rest } = options ?? {};',
          `  return useMutation(withOptimisticEffects(${factory}(useQueryClient(), optimistic === undefined ? {} : { optimistic }), rest));`,
        ]
      : [`  return useMutation(withCacheEffects(${factory}(useQueryClient()), options));`]),
    '}',
  ];
}
