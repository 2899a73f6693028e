import { hooksNaming } from '../naming.js';
import type { HookPlan, QueryPlan } from '../plan/planHook.js';
import { frameworkFree } from './emitHookNone.js';
import { importErrorType } from './mutationFactory.js';
import { infiniteHook, mutationHook, queryHook } from './emitHookReact.js';
import { hookFile, Imports, runtimeQueryModule, wrapParameters } from './hookFile.js';

/**
 * An adapter whose TanStack functions take a function returning the options (Svelte 5, Solid, Angular):
 * what its files import and how its hooks are named. One emitter ({@link accessorEmitter}) prints them all.
 */
export interface AccessorAdapter {
  /** The package the hooks come from. */
  module: string;
  /** How the hook names start, and TanStack's functions' names too (`create`, `use`, `inject`). */
  prefix: string;
  /** TanStack's query options type (`<TQueryFnData, TError, TData, TQueryKey>`). */
  queryOptions: string;
  /** TanStack's infinite query options type (`<TQueryFnData, TError, TData, TQueryKey, TPageParam>`). */
  infiniteOptions: string;
  /** TanStack's mutation options type (`<TData, TError, TVariables, TOnMutateResult>`). */
  mutationOptions: string;
  /** How a mutation hook takes the app's `QueryClient`: the statement and its imports (module → values). */
  client: { statement: string; imports: Array<[string, string[]]>; doc: string };
}

/** The `QueryClient` of a mutation hook from the nearest provider: `useQueryClient()` of `module`. */
const contextClient = (module: string): AccessorAdapter['client'] => ({
  statement: 'const queryClient = useQueryClient();',
  imports: [[module, ['useQueryClient']]],
  doc: 'the `QueryClient` of the nearest `QueryClientProvider`',
});

/** `@tanstack/svelte-query` v6: `createQuery(() => options)`, Svelte 5 runes; `useQueryClient()` reads the component context. */
export const SVELTE_QUERY: AccessorAdapter = {
  module: '@tanstack/svelte-query',
  prefix: 'create',
  queryOptions: 'CreateQueryOptions',
  infiniteOptions: 'CreateInfiniteQueryOptions',
  mutationOptions: 'CreateMutationOptions',
  client: contextClient('@tanstack/svelte-query'),
};

/** `@tanstack/solid-query` v5: `useQuery(() => options)`. */
export const SOLID_QUERY: AccessorAdapter = {
  module: '@tanstack/solid-query',
  prefix: 'use',
  queryOptions: 'QueryOptions',
  infiniteOptions: 'InfiniteQueryOptions',
  mutationOptions: 'MutationOptions',
  client: contextClient('@tanstack/solid-query'),
};

/** `@tanstack/angular-query-experimental` v5: `injectQuery(() => options)` in an injection context; `inject(QueryClient)`. */
export const ANGULAR_QUERY: AccessorAdapter = {
  module: '@tanstack/angular-query-experimental',
  prefix: 'inject',
  queryOptions: 'CreateQueryOptions',
  infiniteOptions: 'CreateInfiniteQueryOptions',
  mutationOptions: 'CreateMutationOptions',
  client: {
    statement: 'const queryClient = inject(QueryClient);',
    imports: [
      ['@angular/core', ['inject']],
      ['@tanstack/angular-query-experimental', ['QueryClient']],
    ],
    doc: 'the `QueryClient` given by `provideTanStackQuery`',
  },
};

/**
 * The emitter of an adapter whose TanStack functions take an options function: the framework-free factories
 * (as `none` emits them, importing from the adapter's package), then `<prefix><Name>Query(args…, options?)`,
 * `<prefix><Name>InfiniteQuery(params, options?)` for a paginated list, or `<prefix><Name>Mutation(options?)`.
 * Query parameters and options are `MaybeAccessor`s of `@reslayer/runtime/query`, read inside the options
 * function, so the query follows a getter, an accessor or a signal.
 * @param a the adapter
 * @returns the file emitter
 * @see https://tanstack.com/query/latest/docs/framework/svelte/overview
 * @see https://tanstack.com/query/v5/docs/framework/solid/overview
 * @see https://tanstack.com/query/v5/docs/framework/angular/overview
 */
export function accessorEmitter(a: AccessorAdapter): (p: HookPlan) => string {
  return (p) => {
    const imports = new Imports();
    for (const [module] of a.client.imports) imports.add(module, []);
    imports.add(a.module, []);
    const body = frameworkFree(p, a.module, imports);
    if (p.query) body.push('', ...accessorQueries(a, p, p.query, imports));
    else {
      const m = p.mutation;
      const fn = `${a.prefix}Mutation`;
      imports.add(a.module, [fn], [a.mutationOptions]);
      for (const [module, values] of a.client.imports) imports.add(module, values);
      importErrorType(p, imports);
      const type = `${a.mutationOptions}<${p.response}, ${p.error}, ${m.variables}, TOnMutateResult>`;
      body.push('', ...mutationHook(p, m, type, a.client.doc, imports, { prefix: a.prefix, fn, call: (o) => `${fn}(() => ${o})`, client: [a.client.statement] }));
    }
    return hookFile(imports, body);
  };
}

/** The query hooks: `<prefix>Query` and, for a paginated list, `<prefix>InfiniteQuery`, over `readAccessor(…)`. */
function accessorQueries(a: AccessorAdapter, p: HookPlan, q: QueryPlan, imports: Imports): string[] {
  const fn = `${a.prefix}Query`;
  imports.add(a.module, [fn], [a.queryOptions]);
  imports.add(runtimeQueryModule(p), ['readAccessor'], ['MaybeAccessor']);
  const factory = hooksNaming.queryOptions(p.hookName);
  const call = p.args.map((a) => `readAccessor(${a.name})`).join(', ');
  const doc = p.args.map((a) => `@param ${a.name} a value, or a function returning it (a getter, an accessor, a signal)`);
  const accessors = (d: readonly string[]): string[] => wrapParameters(d, 'MaybeAccessor');
  const optionsType = `MaybeAccessor<Omit<${a.queryOptions}<${q.data}, ${p.error}, TData, ReturnType<typeof ${factory}>['queryKey']>, 'queryKey' | 'queryFn'>>`;
  const lines = queryHook(p, q, { fn, prefix: a.prefix, parameters: accessors, paramDocs: doc, args: call, optionsType, body: (o) => `${fn}(() => (${o}))`, options: 'readAccessor(options)', optionsDoc: ', or a function returning them' });
  const infinite = { module: a.module, optionsType: a.infiniteOptions, paramDocs: doc, parameters: accessors, args: call, fn: `${a.prefix}InfiniteQuery`, prefix: a.prefix };
  return [...lines, ...infiniteHook(p, q, imports, { ...infinite, options: 'readAccessor(options)', optionsParameter: (t) => `MaybeAccessor<${t}>`, body: (o) => `${infinite.fn}(() => (${o}))` })];
}
