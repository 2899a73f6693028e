import { GeneratorError } from '@reslayer/core';

/** Query library adapters `pluginHooks()` can emit hooks for. */
export const HOOK_ADAPTERS = ['none', 'vue-query', 'react-query'] as const;

/** One of {@link HOOK_ADAPTERS}. */
export type HookAdapter = (typeof HOOK_ADAPTERS)[number];

/** Options of `pluginHooks()`. */
export interface HooksOptions {
  /**
   * Query library the hooks are built on. Every adapter emits the same files with the same hook names
   * under `features/<resource>/api/`.
   *
   * - `'none'`: framework-free hooks that return TanStack Query option objects, usable in any framework
   *   (`useQuery(useContactsQuery(params))`); the generated code imports no query library.
   * - `'vue-query'`: real composables built on `@tanstack/vue-query` v5. Parameters accept plain values,
   *   refs and getters (`MaybeRefOrGetter`), so a query refetches when they change; mutations invalidate the
   *   query keys they make stale through the app's `QueryClient`.
   * - `'react-query'`: real hooks built on `@tanstack/react-query` v5, with plain parameters and the same
   *   invalidation.
   *
   * With an adapter, each hook file also exports the framework-free factory of `'none'` as
   * `<hookName>Options` (`useContactsQueryOptions`).
   * @default 'none'
   * @example
   * ```ts
   * pluginHooks({ adapter: 'vue-query' })
   * ```
   */
  adapter?: HookAdapter;
}

/** Options with defaults applied. */
export interface ResolvedHooksOptions {
  adapter: HookAdapter;
}

/**
 * Applies defaults and validates the options.
 * @param options user options
 * @returns resolved options
 * @throws GeneratorError `RSL_CONFIG_INVALID` for an unknown adapter
 */
export function resolveHooksOptions(options: HooksOptions = {}): ResolvedHooksOptions {
  const adapter: unknown = options.adapter === undefined ? 'none' : options.adapter;
  if (!HOOK_ADAPTERS.some((a) => a === adapter)) {
    const shown = typeof adapter === 'string' ? JSON.stringify(adapter) : String(adapter);
    throw new GeneratorError(
      'RSL_CONFIG_INVALID',
      `plugin-hooks: unknown adapter ${shown} (supported: ${HOOK_ADAPTERS.map((a) => `'${a}'`).join(', ')})`,
      { hint: `Set adapter to one of ${HOOK_ADAPTERS.map((a) => `'${a}'`).join(', ')}, or leave it out for 'none'.` },
    );
  }
  return { adapter: adapter as HookAdapter };
}
