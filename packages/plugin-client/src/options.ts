import { GeneratorError } from '@reslayer/core';

/** Options of `pluginClient()`. */
export interface ClientOptions {
  /**
   * Module the generated client imports `request`, `RequestOptions` and `ApiError` from.
   * @default '@reslayer/runtime'
   */
  runtimeModule?: string;
}

/** Options with defaults applied. */
export interface ResolvedClientOptions {
  runtimeModule: string;
}

/**
 * Applies defaults and validates the options.
 * @param options user options
 * @returns resolved options
 * @throws GeneratorError `RSL_CONFIG_INVALID` when `runtimeModule` is not a plain module specifier
 */
export function resolveClientOptions(options: ClientOptions = {}): ResolvedClientOptions {
  const runtimeModule = options.runtimeModule ?? '@reslayer/runtime';
  if (typeof runtimeModule !== 'string' || !/^[@\w./-]+$/.test(runtimeModule)) {
    throw new GeneratorError('RSL_CONFIG_INVALID', `plugin-client: runtimeModule must be a module specifier, got ${JSON.stringify(runtimeModule)}`);
  }
  return { runtimeModule };
}
