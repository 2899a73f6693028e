import { hooksNaming } from '../naming.js';
import type { HookPlan, QueryPlan } from '../plan/planHook.js';
import type { MutationPlan } from '../plan/planMutation.js';
import { frameworkFree } from './emitHookNone.js';
import { importErrorType } from './mutationFactory.js';
import { adapterHookName, docBlock, hookFile, Imports, runtimeQueryModule } from './hookFile.js';
import { factoryParameters, infiniteParamsType, queryCall } from './queryFactory.js';

/** Package the `react-query` adapter builds on. */
export const REACT_QUERY_MODULE = '@tanstack/react-query';
/** Package the `preact-query` adapter builds on: the same hooks as React's, under the same names. */
export const PREACT_QUERY_MODULE = '@tanstack/preact-query';

/**
 * The emitter of the `react-query` adapter, or of `preact-query` (whose package has the same hooks and types):
 * one file is the framework-free factories (as `none` emits them, importing from the adapter's package), then
 * `use<Name>Query(args…, options?)` and `useSuspense<Name>Query`, `use<Name>InfiniteQuery(params, options?)` for
 * a paginated list, or `use<Name>Mutation(options?)`. `options` is TanStack's own options type minus what the
 * factory sets; a user's `onSuccess` runs after the generated cache effects.
 * @param module the package the hooks come from
 * @returns the file emitter
 * @see https://tanstack.com/query/v5/docs/framework/react/guides/invalidations-from-mutations
 */
export function reactLikeEmitter(module: string): (p: HookPlan) => string {
  return (p) => {
    const imports = new Imports();
    imports.add(module, []);
    const body = frameworkFree(p, module, imports);
    body.push('', ...(p.query ? reactQueries(p, p.query, imports, module) : reactMutation(p, p.mutation, imports, module)));
    return hookFile(imports, body);
  };
}

/** Emits one file of the `react-query` adapter (see {@link reactLikeEmitter}). */
export const emitHookReact: (p: HookPlan) => string = reactLikeEmitter(REACT_QUERY_MODULE);
/** Emits one file of the `preact-query` adapter (see {@link reactLikeEmitter}). */
export const emitHookPreact: (p: HookPlan) => string = reactLikeEmitter(PREACT_QUERY_MODULE);

/** The query hooks: `useQuery`, `useSuspenseQuery` and, for a paginated list, `useInfiniteQuery`. */
function reactQueries(p: HookPlan, q: QueryPlan, imports: Imports, module: string): string[] {
  imports.add(module, ['useQuery', 'useSuspenseQuery'], ['UseQueryOptions', 'UseSuspenseQueryOptions']);
  const factory = hooksNaming.queryOptions(p.hookName);
  const key = `ReturnType<typeof ${factory}>['queryKey']`;
  const names = p.args.map((a) => a.name);
  const omit = "'queryKey' | 'queryFn'";
  const strict = p.args.map((a) => (q.requiredPath.includes(a.name) ? `${a.name}: ${a.type}` : a.text));
  const lines = [
    ...queryHook(p, q, { fn: 'useQuery', parameters: (d) => d, paramDocs: [], args: names.join(', '), optionsType: `Omit<UseQueryOptions<${q.data}, ${p.error}, TData, ${key}>, ${omit}>`, body: (o) => `useQuery(${o})` }),
    '',
    ...docBlock([...p.doc, '`useSuspenseQuery` with the query options of this operation (inside a `Suspense` boundary).']),
    `export function ${hooksNaming.suspenseHook(p.hookName)}<TData = ${q.data}>(${[...strict, `options?: Omit<UseSuspenseQueryOptions<${q.data}, ${p.error}, TData, ${key}>, ${omit}>`].join(', ')}) {`,
    `  const { queryKey } = ${factory}(${names.join(', ')});`,
    `  return useSuspenseQuery({ ...options, queryKey, queryFn: ({ signal }) => ${queryCall(p, q)} });`,
    '}',
  ];
  return [...lines, ...infiniteHook(p, q, imports, { module, optionsType: 'UseInfiniteQueryOptions', paramDocs: [], parameters: (d) => d, args: names.join(', '), body: (o) => `useInfiniteQuery(${o})` })];
}

/** What differs between the adapters' query hooks (see {@link queryHook}). */
export interface QueryHookShape {
  /** TanStack's query hook (`useQuery`, `createQuery`, `injectQuery`). */
  fn: string;
  /** How the generated hook's name starts (`use` unless given). */
  prefix?: string;
  /** The hook's parameters from the factory's (Vue's reactive, the accessor adapters' `MaybeAccessor`). */
  parameters: (declarations: string[]) => string[];
  /** `@param` lines for the factory's parameters. */
  paramDocs: string[];
  /** The arguments passed on to the query options factory. */
  args: string;
  /** The type of the `options` parameter. */
  optionsType: string;
  /** The hook call around the options object expression. */
  body: (options: string) => string;
  /** The spread of the user's options (`options` unless given: `readAccessor(options)`). */
  options?: string;
  /** What the `options` doc adds at its end (`, or a function returning them`). */
  optionsDoc?: string;
}

/**
 * The `use<Name>Query` hook of every adapter: TanStack's query hook over the user's options and the generated
 * query options.
 * @param p the hook plan
 * @param q its query plan
 * @param shape what the adapter changes
 * @returns lines
 */
export function queryHook(p: HookPlan, q: QueryPlan, shape: QueryHookShape): string[] {
  const factory = hooksNaming.queryOptions(p.hookName);
  const fn = shape.fn;
  return [
    ...docBlock([...p.doc, `\`${fn}\` with the query options of this operation; \`error\` is typed as the operation's error.`, ...shape.paramDocs, `@param options more \`${fn}\` options (\`select\`, \`enabled\`, \`staleTime\`…), all but \`queryKey\` and \`queryFn\`${shape.optionsDoc ?? ''}`]),
    `export function ${adapterHookName(p.hookName, shape.prefix)}<TData = ${q.data}>(${[...shape.parameters(factoryParameters(p, q)), `options?: ${shape.optionsType}`].join(', ')}) {`,
    `  return ${shape.body(`{ ...${shape.options ?? 'options'}, ...${factory}(${shape.args}) }`)};`,
    '}',
  ];
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
  /** The hook function TanStack names (`useInfiniteQuery` unless given: `createInfiniteQuery`, `injectInfiniteQuery`). */
  fn?: string;
  /** How the generated hook's name starts (`use` unless given: `create`, `inject`). */
  prefix?: string;
  /** The spread of the user's options (`options` unless given: `readAccessor(options)`). */
  options?: string;
  /** The type of the `options` parameter around TanStack's (as it is unless given: `MaybeAccessor<…>`). */
  optionsParameter?: (type: string) => string;
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
  const fn = adapter.fn ?? 'useInfiniteQuery';
  imports.add(adapter.module, [fn], ['InfiniteData', adapter.optionsType]);
  const infFactory = hooksNaming.infiniteQueryOptions(p.hookName);
  const o = `ReturnType<typeof ${infFactory}>`;
  const pageParam = `${o}['initialPageParam']`;
  return [
    '',
    ...docBlock([...p.doc, `\`${fn}\` over the pages of this list: \`fetchNextPage()\` loads the next one.`, ...adapter.paramDocs, `@param options more \`${fn}\` options, all but what the infinite query options set`]),
    `export function ${adapterHookName(hooksNaming.infiniteHook(p.hookName), adapter.prefix)}<TData = InfiniteData<${p.response}, ${pageParam}>>(${[
      ...adapter.parameters(factoryParameters(p, q, infiniteParamsType(p, inf))),
      `options?: ${(adapter.optionsParameter ?? ((t: string) => t))(`Omit<${adapter.optionsType}<${p.response}, ${p.error}, TData, ${o}['queryKey'], ${pageParam}>, 'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'>`)}`,
    ].join(', ')}) {`,
    `  return ${adapter.body(`{ ...${adapter.options ?? 'options'}, ...${infFactory}(${adapter.args}) }`)};`,
    '}',
  ];
}

/** The mutation hook: `useMutation` with the generated options, the user's options and callbacks after ours. */
function reactMutation(p: HookPlan, m: MutationPlan, imports: Imports, module: string): string[] {
  imports.add(module, ['useMutation', 'useQueryClient'], ['UseMutationOptions']);
  importErrorType(p, imports);
  return mutationHook(p, m, `UseMutationOptions<${p.response}, ${p.error}, ${m.variables}, TOnMutateResult>`, 'the `QueryClient` of the nearest `QueryClientProvider`', imports);
}

/** What differs between the adapters' mutation hooks. */
export interface MutationShape {
  /** How the hook's name starts (`use`, `create`, `inject`). */
  prefix: string;
  /** TanStack's mutation hook (`useMutation`, `createMutation`, `injectMutation`). */
  fn: string;
  /** The hook call around the options expression: `useMutation(o)`, `createMutation(() => o)`. */
  call: (options: string) => string;
  /** Lines that take the `QueryClient` at call time, into `queryClient` (none: `useQueryClient()` inline). */
  client: string[];
}

/** The React, Preact and Vue mutation hook: `useMutation(options)`, `useQueryClient()` inline. */
const USE_MUTATION: MutationShape = { prefix: 'use', fn: 'useMutation', call: (o) => `useMutation(${o})`, client: [] };

/**
 * A mutation hook shared by the adapters: TanStack's mutation hook over the generated options through the app's
 * `QueryClient` (taken at call time), the user's options over them, and the user's callbacks chained
 * after the generated ones (`withCacheEffects`, or `withOptimisticEffects` of `@reslayer/runtime/query`).
 * @param p the hook plan
 * @param m its mutation plan
 * @param optionsType the adapter's mutation options type
 * @param clientText where the `QueryClient` comes from (for the doc)
 * @param imports the file's imports
 * @param shape the adapter's hook name and call (React's `useMutation` by default)
 * @returns lines
 */
export function mutationHook(p: HookPlan, m: MutationPlan, optionsType: string, clientText: string, imports: Imports, shape: MutationShape = USE_MUTATION): string[] {
  const optimistic = m.optimistic !== undefined;
  const factory = hooksNaming.mutationOptions(p.hookName);
  const client = shape.client.length > 0 ? 'queryClient' : 'useQueryClient()';
  imports.add(runtimeQueryModule(p), [optimistic ? 'withOptimisticEffects' : 'withCacheEffects']);
  return [
    ...docBlock([
      ...p.doc,
      `\`${shape.fn}\` with the mutation options of this operation; its cache effects run through ${clientText},`,
      optimistic ? 'then the callbacks given here (`onMutate`, `onError` and `onSettled` get what their own `onMutate` returned).' : 'then the `onSuccess` given here.',
      `@param options more \`${shape.fn}\` options (\`onMutate\`, \`onSuccess\`, \`onError\`, \`meta\`, \`retry\`…), all but \`mutationKey\` and \`mutationFn\``,
      ...(optimistic ? ['(`optimistic: true` applies the change to the cache before the server answers and rolls it back on error)'] : []),
    ]),
    `export function ${adapterHookName(p.hookName, shape.prefix)}<TOnMutateResult = unknown>(options?: Omit<${optionsType}, 'mutationKey' | 'mutationFn'>${optimistic ? ' & { optimistic?: boolean }' : ''}) {`,
    ...shape.client.map((l) => `  ${l}`),
    ...(optimistic
      ? [
          '  const { optimistic, ...rest } = options ?? {};',
          `  return ${shape.call(`withOptimisticEffects(${factory}(${client}, optimistic === undefined ? {} : { optimistic }), rest)`)};`,
        ]
      : [`  return ${shape.call(`withCacheEffects(${factory}(${client}), options)`)};`]),
    '}',
  ];
}
