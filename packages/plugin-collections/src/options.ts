import { resolvePluginOptions, RUNTIME_MODULE_RULE, type BooleanRule, type StringRule } from '@reslayer/core';
import { PLUGIN_COLLECTIONS } from './naming.js';

/** Options of `pluginCollections()`. */
export interface CollectionsOptions {
  /**
   * Module the generated collections import the runtime's collection helpers from, as
   * `<runtimeModule>/collections`, for a re-published or vendored runtime.
   * @default '@reslayer/runtime'
   * @example pluginCollections({ runtimeModule: '@acme/api-runtime' })
   */
  runtimeModule?: string;
  /**
   * With `pluginValidators()` configured, pass the item's generated zod or valibot schema as the collection's
   * `schema` (Standard Schema): TanStack DB then validates inserted and updated rows before they are applied.
   * `false` leaves it out. Without plugin-validators there is no schema either way.
   * @default true
   */
  schema?: boolean;
}

/** Options with defaults applied. */
export interface ResolvedCollectionsOptions {
  runtimeModule: string;
  schema: boolean;
}

/** One rule per option of `pluginCollections()`, for core's `resolvePluginOptions`. */
export const COLLECTIONS_OPTION_RULES: { runtimeModule: StringRule; schema: BooleanRule } = {
  runtimeModule: RUNTIME_MODULE_RULE,
  schema: { kind: 'boolean', default: true },
};

/**
 * Validates the options of `pluginCollections()` and applies the defaults, through core's `resolvePluginOptions`.
 * @param options what the user passed (`undefined` means all defaults)
 * @returns every option, validated, with defaults applied
 * @throws GeneratorError `RSL_CONFIG_INVALID`, message starting with `plugin-collections:`, when `options` is not
 *   an object, names an unknown option, or a value is of the wrong kind
 */
export function resolveCollectionsOptions(options?: CollectionsOptions): ResolvedCollectionsOptions {
  return resolvePluginOptions(PLUGIN_COLLECTIONS, options, COLLECTIONS_OPTION_RULES);
}
