import { resolvePluginOptions, RUNTIME_MODULE_RULE, type BooleanRule, type EnumRule, type StringRule } from '@reslayer/core';
import { PLUGIN_HOOKS } from './naming.js';

/** Query library adapters `pluginHooks()` can emit hooks for. */
export const HOOK_ADAPTERS = ['none', 'vue-query', 'react-query', 'svelte-query', 'solid-query', 'angular-query', 'preact-query'] as const;

/** One of {@link HOOK_ADAPTERS}. */
export type HookAdapter = (typeof HOOK_ADAPTERS)[number];

/** Options of `pluginHooks()`. */
export interface HooksOptions {
  /**
   * Query library the hooks are built on. Every adapter emits the same files with the same hook names
   * under `features/<resource>/api/`.
   *
   * - `'none'`: framework-free option factories, usable in any framework
   *   (`useQuery(contactsQueryOptions(params))`); the generated code imports only types and `skipToken` from
   *   `@tanstack/query-core`.
   * - `'vue-query'`: real composables built on `@tanstack/vue-query` v5. Parameters accept plain values,
   *   refs and getters (`MaybeRefOrGetter`), so a query refetches when they change; mutations invalidate the
   *   query keys they make stale through the app's `QueryClient`.
   * - `'react-query'`: real hooks built on `@tanstack/react-query` v5, with plain parameters and the same
   *   invalidation.
   * - `'preact-query'`: the same hooks as `'react-query'`, built on `@tanstack/preact-query` v5.
   * - `'svelte-query'`: `create<Name>Query`, `create<Name>InfiniteQuery` and `create<Name>Mutation` built on
   *   `@tanstack/svelte-query` v6 (Svelte 5 runes).
   * - `'solid-query'`: `use<Name>Query`… built on `@tanstack/solid-query` v5.
   * - `'angular-query'`: `inject<Name>Query`… built on `@tanstack/angular-query-experimental` v5, called in an
   *   injection context; mutations take the `QueryClient` with `inject(QueryClient)`.
   *
   * The Svelte, Solid and Angular hooks pass TanStack an options function; their parameters and query options
   * accept plain values or functions returning them (`MaybeAccessor`: a getter, a Solid accessor, an Angular
   * signal), read inside that function, so a query follows their changes. The file of an operation keeps its
   * `use…` name with every adapter (`features/contacts/api/useContactsQuery.ts`).
   *
   * With an adapter, each hook file also exports the framework-free factories of `'none'`
   * (`contactsQueryOptions`, `updateContactMutationOptions`).
   * @default 'none'
   * @example
   * ```ts
   * pluginHooks({ adapter: 'vue-query' })
   * ```
   */
  adapter?: HookAdapter;
  /**
   * Module the generated hooks import the runtime's query helpers from, as `<runtimeModule>/query` (the
   * list-cache helpers, the cache effects applied from data, the next page of an infinite query), for a
   * re-published or vendored runtime.
   * @default '@reslayer/runtime'
   * @example pluginHooks({ runtimeModule: '@acme/api-runtime' })
   */
  runtimeModule?: string;
  /**
   * Default of the per-call `optimistic` option of update and delete mutations
   * (`updateContactMutationOptions(queryClient, { optimistic })`, `useUpdateContactMutation({ optimistic })`):
   * when on, `onMutate` cancels the detail and list queries, snapshots them and applies the change through the
   * resource's `<resource>Cache` helpers (an update merges its payload into the detail and the list items, a
   * delete removes the item from the lists), and `onError` restores the snapshot and invalidates what it touched.
   * Only the default written into those factories depends on it.
   * @default false
   * @example pluginHooks({ adapter: 'react-query', optimistic: true })
   */
  optimistic?: boolean;
}

/** Options with defaults applied. */
export interface ResolvedHooksOptions {
  adapter: HookAdapter;
  runtimeModule: string;
  optimistic: boolean;
}

/** The rule of the `adapter` option. */
const ADAPTER_RULE: EnumRule<HookAdapter> = { kind: 'enum', default: 'none', values: HOOK_ADAPTERS };

/** One rule per option of `pluginHooks()`, for core's `resolvePluginOptions`. */
export const HOOKS_OPTION_RULES: { adapter: EnumRule<HookAdapter>; runtimeModule: StringRule; optimistic: BooleanRule } = {
  adapter: ADAPTER_RULE,
  runtimeModule: RUNTIME_MODULE_RULE,
  optimistic: { kind: 'boolean', default: false },
};

/**
 * Validates the options of `pluginHooks()` and applies the defaults, through core's `resolvePluginOptions`.
 * @param options what the user passed (`undefined` means all defaults)
 * @returns every option, validated, with defaults applied
 * @throws GeneratorError `RSL_CONFIG_INVALID`, message starting with `plugin-hooks:`, when `options` is not an
 *   object, names an unknown option, `adapter` is not one of {@link HOOK_ADAPTERS}, or `runtimeModule` is not
 *   a plain module specifier
 */
export function resolveHooksOptions(options?: HooksOptions): ResolvedHooksOptions {
  return resolvePluginOptions(PLUGIN_HOOKS, options, HOOKS_OPTION_RULES);
}
