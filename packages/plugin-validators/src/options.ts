import { resolvePluginOptions, RUNTIME_MODULE_RULE, type EnumRule, type OptionRule } from '@reslayer/core';

/** The schema libraries plugin-validators can emit for. */
export type ValidatorLibrary = 'zod' | 'valibot';

/** Options of `pluginValidators()`. */
export interface ValidatorsOptions {
  /**
   * The schema library the generated schemas use: zod 4 (`import * as z from 'zod'`) or valibot 1
   * (`import * as v from 'valibot'`). The application installs it.
   * @default 'zod'
   * @example pluginValidators({ library: 'valibot' })
   */
  library?: ValidatorLibrary;
  /**
   * Module the generated schemas import `registerValidators` and the check helpers from.
   * @default '@reslayer/runtime'
   */
  runtimeModule?: string;
}

/** Options with defaults applied. */
export interface ResolvedValidatorsOptions {
  library: ValidatorLibrary;
  runtimeModule: string;
}

/** The rules of plugin-validators' options, for core's `resolvePluginOptions`. */
export const VALIDATORS_OPTION_RULES = {
  library: { kind: 'enum', default: 'zod', values: ['zod', 'valibot'] } satisfies EnumRule<ValidatorLibrary>,
  runtimeModule: RUNTIME_MODULE_RULE,
} satisfies Record<string, OptionRule>;

/**
 * Applies defaults and validates the options.
 * @param options user options
 * @returns resolved options
 * @throws GeneratorError `RSL_CONFIG_INVALID` for an unknown option or a value of the wrong type
 */
export function resolveValidatorsOptions(options: ValidatorsOptions = {}): ResolvedValidatorsOptions {
  return resolvePluginOptions('plugin-validators', options, VALIDATORS_OPTION_RULES);
}
