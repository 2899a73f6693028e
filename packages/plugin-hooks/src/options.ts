import { GeneratorError } from '@reslayer/core';

/** Options of `pluginHooks()`. */
export interface HooksOptions {
  /**
   * Query library adapter. `none` emits framework-free option objects that TanStack Query accepts in
   * any framework (`useQuery(useContactsQuery(params))`).
   * @default 'none'
   */
  adapter?: 'none';
}

/** Options with defaults applied. */
export interface ResolvedHooksOptions {
  adapter: 'none';
}

/**
 * Applies defaults and validates the options.
 * @param options user options
 * @returns resolved options
 * @throws GeneratorError `RSL_CONFIG_INVALID` for an unknown adapter
 */
export function resolveHooksOptions(options: HooksOptions = {}): ResolvedHooksOptions {
  const adapter = options.adapter ?? 'none';
  if (adapter !== 'none') {
    throw new GeneratorError('RSL_CONFIG_INVALID', `plugin-hooks: unknown adapter ${JSON.stringify(adapter)} (supported: 'none')`);
  }
  return { adapter };
}
