import { GeneratorError } from '@reslayer/core';

/** Options of `pluginConfigMeta()`. */
export interface ConfigMetaOptions {
  /**
   * Module the generated files import the metadata types (`ResourceConfig`, `PermissionMeta`,
   * `ResourceI18n`) from.
   * @default '@reslayer/runtime'
   * @example pluginConfigMeta({ runtimeModule: '@acme/api-runtime' })
   */
  runtimeModule?: string;
  /**
   * A string field whose `maxLength` is greater than this becomes a `textarea`; others are `text`.
   * @default 255
   * @example pluginConfigMeta({ textareaThreshold: 500 })
   */
  textareaThreshold?: number;
}

/** Options with defaults applied. */
export interface ResolvedConfigMetaOptions {
  runtimeModule: string;
  textareaThreshold: number;
}

/**
 * Applies defaults and validates the options.
 * @param options user options
 * @returns resolved options
 * @throws GeneratorError `RSL_CONFIG_INVALID` for a runtimeModule that is not a plain module
 * specifier, or a textareaThreshold that is not a non-negative integer
 */
export function resolveConfigMetaOptions(options: ConfigMetaOptions = {}): ResolvedConfigMetaOptions {
  const runtimeModule = options.runtimeModule ?? '@reslayer/runtime';
  if (typeof runtimeModule !== 'string' || !/^[@\w./-]+$/.test(runtimeModule)) {
    throw new GeneratorError('RSL_CONFIG_INVALID', `plugin-config-meta: runtimeModule must be a module specifier, got ${JSON.stringify(runtimeModule)}`);
  }
  const textareaThreshold = options.textareaThreshold ?? 255;
  if (typeof textareaThreshold !== 'number' || !Number.isInteger(textareaThreshold) || textareaThreshold < 0) {
    throw new GeneratorError('RSL_CONFIG_INVALID', `plugin-config-meta: textareaThreshold must be a non-negative integer, got ${JSON.stringify(textareaThreshold)}`);
  }
  return { runtimeModule, textareaThreshold };
}
