import { resolvePluginOptions, RUNTIME_MODULE_RULE, type IntegerRule, type StringRule } from '@reslayer/core';
import { PLUGIN_CONFIG_META } from './naming.js';

/** Options of `pluginConfigMeta()`. */
export interface ConfigMetaOptions {
  /**
   * Module the generated files import the metadata types (`ResourceConfig`, `ResourcePermissions`,
   * `ResourceI18n`) from, in their `import type { … } from '<runtimeModule>'` lines.
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

/** The rule of the `textareaThreshold` option: a whole number of characters, 0 or more. */
const TEXTAREA_THRESHOLD_RULE: IntegerRule = { kind: 'integer', default: 255, min: 0, max: Number.MAX_SAFE_INTEGER, unit: 'characters' };

/** One rule per option of `pluginConfigMeta()`, for core's `resolvePluginOptions`. */
export const CONFIG_META_OPTION_RULES: { runtimeModule: StringRule; textareaThreshold: IntegerRule } = {
  runtimeModule: RUNTIME_MODULE_RULE,
  textareaThreshold: TEXTAREA_THRESHOLD_RULE,
};

/**
 * Validates the options of `pluginConfigMeta()` and applies the defaults, through core's `resolvePluginOptions`.
 * @param options what the user passed (`undefined` means all defaults)
 * @returns every option, validated, with defaults applied
 * @throws GeneratorError `RSL_CONFIG_INVALID`, message starting with `plugin-config-meta:`, when `options` is
 *   not an object, names an unknown option, `runtimeModule` is not a plain module specifier, or
 *   `textareaThreshold` is not a whole number of 0 or more
 */
export function resolveConfigMetaOptions(options?: ConfigMetaOptions): ResolvedConfigMetaOptions {
  return resolvePluginOptions(PLUGIN_CONFIG_META, options, CONFIG_META_OPTION_RULES);
}
